// Small pieces of the private world: free ports, and the mail sink as a thing that can be
// stopped and started again on the same ports (the smtp-down scenario stops it).
import { createServer, type Server } from "node:net";
import { startMailSink } from "../support/mail-sink";

/** `n` distinct free ports: all held open at once, so none is handed out twice. */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<Server>((resolve, reject) => {
          const srv = createServer().listen(0, "127.0.0.1", () => resolve(srv));
          srv.on("error", reject);
        }),
    ),
  );
  const ports = servers.map((srv) => (srv.address() as { port: number }).port);
  await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
  return ports;
}

/** The mail sink, restartable on the same ports (the smtp-down scenario stops it). */
export class MailSink {
  private handle?: Awaited<ReturnType<typeof startMailSink>>;
  constructor(
    readonly smtp: number,
    readonly web: number,
  ) {}
  get running(): boolean {
    return this.handle !== undefined;
  }
  async start(): Promise<void> {
    this.handle ??= await startMailSink(this.smtp, this.web);
  }
  async stop(): Promise<void> {
    const h = this.handle;
    this.handle = undefined;
    await h?.stop();
  }
}
