import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { isLingering, lingerClose } from "./linger";

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

/** A server that answers at once and lingers; the client keeps writing until the socket closes. */
async function scenario(ms: number, bytes: number, clientStops: boolean) {
  let lingered: Socket | undefined;
  server = createServer((socket) => {
    socket.on("error", () => {});
    lingered = socket;
    socket.write("answer\n");
    lingerClose(socket, ms, bytes);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  // Half-open allowed: this client keeps sending after the server has finished its answer.
  const client = connect({
    port: (server.address() as { port: number }).port,
    host: "127.0.0.1",
    allowHalfOpen: true,
  });
  await once(client, "connect");
  const started = performance.now();
  let received = "";
  let sent = 0;
  client.on("data", (c: Buffer) => {
    received += c.toString();
  });
  const closed = new Promise<string | undefined>((resolve) => {
    client.on("error", (err: NodeJS.ErrnoException) => resolve(err.code));
    client.on("close", () => resolve(undefined));
  });
  const piece = Buffer.alloc(64 * 1024, "a");
  if (clientStops) {
    client.write(piece);
    await once(client, "end");
    client.end();
  } else {
    const pump = async () => {
      while (!client.destroyed) {
        sent += piece.length;
        if (!client.write(piece)) await Promise.race([once(client, "drain"), closed]);
        await new Promise((r) => setImmediate(r));
      }
    };
    void pump().catch(() => {});
  }
  const error = await closed;
  return {
    received,
    error,
    ms: performance.now() - started,
    sent,
    wasLingering: lingered && isLingering(lingered),
  };
}

describe("lingerClose", () => {
  it("delivers the answer and closes cleanly once the client has sent everything", async () => {
    const r = await scenario(5_000, 64 * 1024 * 1024, true);
    expect(r.received).toBe("answer\n");
    expect(r.error).toBeUndefined();
    expect(r.ms).toBeLessThan(1_000);
    expect(r.wasLingering).toBe(true);
  });

  it("stops reading after its time bound when the client never stops", async () => {
    const r = await scenario(300, 1024 * 1024 * 1024, false);
    expect(r.received).toBe("answer\n");
    expect(r.ms).toBeGreaterThanOrEqual(250);
    expect(r.ms).toBeLessThan(2_000);
  });

  it("stops reading after its size bound when the client never stops", async () => {
    const r = await scenario(60_000, 4 * 1024 * 1024, false);
    expect(r.received).toBe("answer\n");
    expect(r.ms).toBeLessThan(5_000);
    // Up to the bound, plus what socket buffers hold unread.
    expect(r.sent).toBeGreaterThanOrEqual(4 * 1024 * 1024);
  });
});
