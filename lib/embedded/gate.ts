// A TCP front door that lets one client connection at a time through to the embedded database.
// PGlite is a single Postgres session: pglite-socket interleaves its clients message by message,
// so two clients could split each other's extended-protocol exchanges (Parse/Bind/Execute) and
// inherit each other's SET, prepared statements and advisory locks. Behind the gate a client
// has the session to itself; the next one waits (its startup packet simply unanswered) until
// the current one disconnects and the session has been reset.
import net from "node:net";

export type GateOptions = {
  /** Where the admitted client is piped to. */
  upstream: { host: string; port: number };
  /** Runs after a client leaves and before the next is admitted (reset the session). */
  between: () => Promise<void>;
  host?: string;
  port?: number;
};

export type Gate = {
  port: number;
  stats(): { active: boolean; waiting: number; served: number };
  close(): Promise<void>;
};

export async function startGate(opts: GateOptions): Promise<Gate> {
  const waiting: net.Socket[] = [];
  const open = new Set<net.Socket>();
  let busy = false;
  let active = false;
  let served = 0;

  const admitNext = async () => {
    if (busy) return;
    let client: net.Socket | undefined;
    while ((client = waiting.shift()) && client.destroyed);
    if (!client) return;
    busy = active = true;
    served++;
    const upstream = net.connect(opts.upstream.port, opts.upstream.host);
    open.add(upstream);
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      client.destroy();
      upstream.destroy();
      active = false;
      // A reset that fails leaves the session as it is; the next client still gets its turn.
      void opts.between().catch(() => {}).finally(() => {
        busy = false;
        void admitNext();
      });
    };
    upstream.on("close", finish).on("error", finish);
    client.on("close", finish).on("error", finish);
    upstream.on("connect", () => {
      client.pipe(upstream);
      upstream.pipe(client);
    });
  };

  const server = net.createServer((client) => {
    // Unread bytes wait in the socket until the client is admitted.
    client.pause();
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => {});
    waiting.push(client);
    void admitNext();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    stats: () => ({ active, waiting: waiting.filter((s) => !s.destroyed).length, served }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
