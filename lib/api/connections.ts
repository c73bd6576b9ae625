// The server's keep-alive connections, for a drain that closes none with a request in it. Node's
// own closeIdleConnections (which server.close() also calls) destroys every connection with no
// request being parsed, including one whose next request is already in the socket, unread:
// destroying it resets that request. Here a connection is closed only once nothing has arrived
// on it since its last answer for QUIET_MS (checked after pending reads are processed), and with
// a lingering close, so a request that crosses the close sees a clean close (never a reset) and
// can be retried on a new connection; a request that arrives before is answered, with
// `Connection: close`.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { isLingering, lingerClose, lingerOnClose } from "./linger";

/** How long a connection must have had nothing in it before the drain closes it. */
export const QUIET_MS = 20;

type Connection = { busy: number; readAtIdle: number; quietSince?: number };

export function trackConnections(server: Server) {
  const open = new Map<Socket, Connection>();

  server.on("connection", (socket: Socket) => {
    open.set(socket, { busy: 0, readAtIdle: 0 });
    lingerOnClose(socket);
    socket.once("close", () => open.delete(socket));
  });

  /**
   * Counts a request as in flight until its answer is done; false when its connection is
   * already closing (a request that crossed the close: it is not handled, and the client sees
   * the connection close before any answer).
   */
  function begin(req: IncomingMessage, res: ServerResponse): boolean {
    const socket = req.socket;
    if (isLingering(socket)) {
      req.resume();
      return false;
    }
    const c = open.get(socket);
    if (!c) return true;
    c.busy += 1;
    c.quietSince = undefined;
    res.once("close", () => {
      c.busy -= 1;
      c.readAtIdle = socket.bytesRead;
    });
    return true;
  }

  function closeIdle(): void {
    const now = performance.now();
    for (const [socket, c] of open) {
      if (c.busy > 0 || socket.bytesRead !== c.readAtIdle || isLingering(socket)) {
        c.quietSince = undefined;
        continue;
      }
      c.quietSince ??= now;
      if (now - c.quietSince >= QUIET_MS) lingerClose(socket);
    }
  }

  // server.close() calls this too: there it must not destroy a connection with a request waiting.
  // The drain calls it every QUIET_MS / 2.
  server.closeIdleConnections = () => setImmediate(closeIdle);

  /** How many connections are open (for the log line when the grace period runs out). */
  const size = () => open.size;

  return { begin, size };
}
