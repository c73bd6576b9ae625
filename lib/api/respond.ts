// Building JSON responses: the one place bodies are serialised, tagged and compared.
import type { ApiError } from "./errors";
import { ifNoneMatchHits, weakETag } from "./etag";

const JSON_TYPE = "application/json; charset=utf-8";

export type ApiResult = { body: unknown; status?: number; headers?: Record<string, string> };

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": JSON_TYPE, ...headers } });
}

type Serialised = { text: string; etag?: string };

/**
 * A frozen body cannot change (the per-snapshot caches freeze what they keep): its text and
 * ETag are computed once, for every request that is answered with it.
 */
const serialised = new WeakMap<object, Serialised>();

function serialise(body: unknown): Serialised {
  if (typeof body !== "object" || body === null || !Object.isFrozen(body))
    return { text: JSON.stringify(body) };
  let s = serialised.get(body);
  if (!s) {
    s = { text: JSON.stringify(body) };
    serialised.set(body, s);
  }
  return s;
}

/**
 * 200s of GET requests are tagged and may become a 304; everything else goes out as is.
 * `extra` (the wrapper's headers) is set last, over the handler's.
 */
export function render(req: Request, result: ApiResult, extra?: Record<string, string>): Response {
  const status = result.status ?? 200;
  if (result.body === undefined)
    return new Response(null, { status, headers: { ...result.headers, ...extra } });
  const body = serialise(result.body);
  const headers: Record<string, string> = { "Content-Type": JSON_TYPE, ...result.headers };
  if (status === 200 && (req.method === "GET" || req.method === "HEAD")) {
    body.etag ??= weakETag(body.text);
    // Bodies depend on the caller's key (quota fields): shared caches must not keep them.
    headers.ETag = body.etag;
    headers["Cache-Control"] = "private, no-cache";
    if (ifNoneMatchHits(req.headers.get("if-none-match"), body.etag)) {
      delete headers["Content-Type"];
      return new Response(null, { status: 304, headers: Object.assign(headers, extra) });
    }
  }
  return new Response(body.text, { status, headers: Object.assign(headers, extra) });
}

export function errorResponse(err: ApiError, requestId: string, extra?: Record<string, string>): Response {
  return jsonResponse(err.body(requestId), err.status, { ...err.options.headers, ...extra });
}
