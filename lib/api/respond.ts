// Building JSON responses: the one place bodies are serialised, tagged and compared.
import type { ApiError } from "./errors";
import { ifNoneMatchHits, weakETag } from "./etag";

const JSON_TYPE = "application/json; charset=utf-8";

export type ApiResult =
  | { body: unknown; status?: number; headers?: Record<string, string> }
  /** A body that is not JSON (a CSV export): sent as it is, with the handler's Content-Type. */
  | { text: string; status?: number; headers: Record<string, string> & { "Content-Type": string } };

/** Header names compare without case: later ones replace earlier ones whatever their case. */
function mergeHeaders(into: Record<string, string>, from?: Record<string, string>): Record<string, string> {
  for (const name in from) into[name.toLowerCase()] = from[name] as string;
  return into;
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: mergeHeaders({ "content-type": JSON_TYPE }, headers),
  });
}

type Serialised = { text: string; etag?: string };

/**
 * A frozen body cannot change (the per-snapshot caches freeze what they keep): its ETag is
 * computed once, and its text too unless it is long, for every request answered with it. A
 * long text is made again each time rather than doubling what the caches hold in memory.
 */
const serialised = new WeakMap<object, { text?: string; etag: string }>();
const KEPT_TEXT = 32 * 1024;

function serialise(body: unknown): Serialised {
  if (typeof body !== "object" || body === null || !Object.isFrozen(body))
    return { text: JSON.stringify(body) };
  const known = serialised.get(body);
  if (known) return { text: known.text ?? JSON.stringify(body), etag: known.etag };
  const text = JSON.stringify(body);
  const etag = weakETag(text);
  serialised.set(body, { text: text.length <= KEPT_TEXT ? text : undefined, etag });
  return { text, etag };
}

/**
 * 200s of GET requests are tagged and may become a 304; everything else goes out as is.
 * `extra` (the wrapper's headers) is set last, over the handler's.
 */
export function render(req: Request, result: ApiResult, extra?: Record<string, string>): Response {
  const status = result.status ?? 200;
  const headers = mergeHeaders({}, result.headers);
  let body: Serialised;
  if ("text" in result) body = { text: result.text };
  else if (result.body === undefined)
    return new Response(null, { status, headers: mergeHeaders(headers, extra) });
  else {
    body = serialise(result.body);
    headers["content-type"] = JSON_TYPE;
  }
  if (status === 200 && (req.method === "GET" || req.method === "HEAD")) {
    body.etag ??= weakETag(body.text);
    // Bodies depend on the caller (a key's quota fields, a user's log): shared caches must not keep them.
    headers.etag = body.etag;
    // A text body's handler may ask for less caching still (an export: no-store).
    if (!("text" in result && headers["cache-control"])) headers["cache-control"] = "private, no-cache";
    if (ifNoneMatchHits(req.headers.get("if-none-match"), body.etag)) {
      delete headers["content-type"];
      delete headers["content-disposition"];
      return new Response(null, { status: 304, headers: mergeHeaders(headers, extra) });
    }
  }
  return new Response(body.text, { status, headers: mergeHeaders(headers, extra) });
}

export function errorResponse(err: ApiError, requestId: string, extra?: Record<string, string>): Response {
  return jsonResponse(
    err.body(requestId),
    err.status,
    mergeHeaders(mergeHeaders({}, err.options.headers), extra),
  );
}
