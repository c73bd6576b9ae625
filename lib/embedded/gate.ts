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
  /** Told once per waiting connection that has waited 5 s, with how long the current one has held the session. */
  onSlowWait?: (waitedMs: number, heldMs: number) => void;
  host?: string;
  port?: number;
};

export type Gate = { port: number; close(): Promise<void> };

const SLOW_WAIT_MS = 5_000;

export async function startGate(opts: GateOptions): Promise<Gate> {
  const waiting: net.Socket[] = [];
  const open = new Set<net.Socket>();
  let busy = false;
  let closing = false;
  let resetting: Promise<void> | undefined;
  let heldSince = 0;

  const admitNext = () => {
    if (busy) return;
    let client = waiting.shift();
    while (client?.destroyed) client = waiting.shift();
    if (!client) return;
    busy = true;
    heldSince = Date.now();
    const upstream = net.connect(opts.upstream.port, opts.upstream.host);
    open.add(upstream);
    upstream.on("close", () => open.delete(upstream));
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      client.destroy();
      upstream.destroy();
      if (closing) return; // the database is being shut down: no one is next
      resetting = opts
        .between()
        .catch((err: Error) =>
          console.error(`embedded database: resetting the session between clients failed: ${err.message}`),
        )
        .finally(() => {
          resetting = undefined;
          busy = false;
          if (!closing) admitNext();
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
    const arrived = Date.now();
    const slow = setTimeout(() => {
      if (waiting.includes(client)) opts.onSlowWait?.(Date.now() - arrived, Date.now() - heldSince);
    }, SLOW_WAIT_MS);
    slow.unref();
    client.on("close", () => clearTimeout(slow));
    waiting.push(client);
    admitNext();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: async () => {
      closing = true;
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await resetting; // the database may close only after a reset in progress
    },
  };
}
