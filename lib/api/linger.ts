// Lingering close (nginx's lingering_close): when the server ends a connection whose client may
// still be sending (a refused body, a request cut short, a connection closed while draining), it
// sends its answer, half-closes, and reads and throws away what still arrives, for a bounded time
// and amount, before closing. Closing with unread bytes in the socket makes the kernel send a
// reset, and a client still writing its body then sees EPIPE or ECONNRESET instead of the answer
// it was sent (a client that sends its whole body before it reads, like Python's http.client,
// only ever sees the error).
import type { Socket } from "node:net";

/** At most this long after the answer is out... */
export const LINGER_MS = 5_000;
/** ...and at most this much more of the request is read and discarded. */
export const LINGER_BYTES = 64 * 1024 * 1024;

const lingering = new WeakSet<Socket>();

/** Whether the connection's answer is out and it is only being read to its end. */
export const isLingering = (socket: Socket) => lingering.has(socket);

/**
 * Half-closes `socket` once what was written is out, then discards what the client still sends
 * until it closes its side, `ms` pass or `bytes` more arrive, and only then closes.
 */
export function lingerClose(socket: Socket, ms = LINGER_MS, bytes = LINGER_BYTES): void {
  if (lingering.has(socket) || socket.destroyed) return;
  lingering.add(socket);
  // Whoever reads the socket (Node's HTTP parser, or the listener below) discards: a request
  // parsed from here on is never handled (see isLingering), a refused body is dropped.
  if (!socket.listenerCount("data")) socket.on("data", () => {});
  socket.resume();
  const start = socket.bytesRead;
  let timer: NodeJS.Timeout | undefined;
  let watch: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(timer);
    clearInterval(watch);
    socket.destroy();
  };
  socket.once("close", () => {
    clearTimeout(timer);
    clearInterval(watch);
  });
  // The client has sent everything: once the answer is out too, nothing is left to wait for.
  socket.once("end", () => (socket.writableFinished ? stop() : socket.once("finish", stop)));
  const begin = () => {
    if (socket.destroyed) return;
    timer = setTimeout(stop, ms);
    watch = setInterval(() => socket.bytesRead - start > bytes && stop(), 50);
    timer.unref();
    watch.unref();
  };
  if (socket.writableFinished) begin();
  else socket.once("finish", begin);
  socket.end();
}

/**
 * Makes Node's HTTP server linger instead of closing at once: it calls `destroySoon` after the
 * last answer on a connection (`Connection: close`), and nowhere else.
 */
export function lingerOnClose(socket: Socket): void {
  (socket as Socket & { destroySoon: () => void }).destroySoon = () => lingerClose(socket);
}
