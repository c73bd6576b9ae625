// Every request body is received here, under the body cap and a deadline, before Next sees the
// request: a route that takes no body would otherwise read one to its end however large, and a
// body trickling in would hold the route until its own deadline (a 503) instead of a 408.
// Bodies are small (16 KB at most), so holding one until it is complete costs little.
import type { IncomingMessage } from "node:http";

/** A whole body must arrive within this long of the request's head. */
export const BODY_DEADLINE_MS = 5_000;

export type BodyOutcome = "complete" | "too_large" | "timeout" | "aborted";

/** Whether the head announces a body (a length over zero, or any transfer coding). */
export const announcesBody = (req: IncomingMessage) =>
  Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;

type Push = (chunk: unknown, encoding?: BufferEncoding) => boolean;

/**
 * Holds back the body Node's parser pushes into `req` until all of it is in, then lets the
 * request's readers see it unchanged. Past `limit` bytes or `deadlineMs`, what still arrives is
 * dropped (the caller answers and the connection lingers: lib/api/linger.ts).
 */
export function holdBody(
  req: IncomingMessage,
  limit: number,
  deadlineMs = BODY_DEADLINE_MS,
): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const push = req.push.bind(req) as Push;
    const chunks: Buffer[] = [];
    let size = 0;
    let outcome: BodyOutcome | undefined;
    const settle = (o: BodyOutcome) => {
      if (outcome) return;
      outcome = o;
      clearTimeout(timer);
      req.off("close", onClose);
      resolve(o);
    };
    const timer = setTimeout(() => settle("timeout"), deadlineMs);
    const onClose = () => settle("aborted");
    req.once("close", onClose);
    // The parser pushes each piece of the body, then null; a push answered `true` keeps the
    // socket flowing, so nothing waits on a reader that does not exist yet.
    (req as { push: Push }).push = (chunk, encoding) => {
      if (chunk === null) {
        if (!outcome) {
          for (const c of chunks) push(c);
          settle("complete");
        }
        return push(null);
      }
      if (outcome) return true; // refused or late: dropped
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding);
      size += buf.byteLength;
      if (size > limit) {
        chunks.length = 0;
        settle("too_large");
        return true;
      }
      chunks.push(buf);
      return true;
    };
  });
}
