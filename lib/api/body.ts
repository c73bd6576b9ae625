// Request bodies, read with a cap while they stream: a body larger than any route needs is
// refused with 413 as soon as it is seen to be, without buffering more of it. Under npm start
// the server has already checked the cap (lib/api/body-gate.ts); this is the same rule for
// handlers called any other way (`next start` by hand, tests).
import type { z } from "zod";
import { firstIssue } from "../core/query-params";
import { ApiError, fromFailure } from "./errors";

/** The site's JSON bodies are a token or nothing; sign-in forms are an address. */
export const BODY_LIMIT_BYTES = 16 * 1024;
/** Stripe's events can be larger than the site's own bodies (an invoice with its lines). */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;
const WEBHOOK_PATH = "/api/billing/webhook";

/** The largest body a request to this target may carry. */
export const bodyLimitOf = (target: string | undefined) =>
  (target ?? "").split("?")[0] === WEBHOOK_PATH ? WEBHOOK_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;

export const payloadTooLarge = (limit = BODY_LIMIT_BYTES) =>
  new ApiError("payload_too_large", `The request body is larger than ${limit} bytes.`, {
    // The rest of the body may still be arriving: it is not kept, and the connection closes
    // after the answer (the server reads and discards what follows: lib/api/linger.ts).
    headers: { Connection: "close" },
  });

/** The body as text, or a 413 once more than `limit` bytes are declared or have arrived. */
export async function readCappedText(req: Request, limit = BODY_LIMIT_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge(limit);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A JSON body checked against a schema: 413 when too large, 400 naming the field when invalid. */
export async function jsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const text = await readCappedText(req);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw fromFailure(firstIssue(parsed.error, "body"));
}
