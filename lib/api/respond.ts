// Building JSON responses: the one place bodies are serialised, tagged and compared.
import type { ApiError } from "./errors";
import { ifNoneMatchHits, weakETag } from "./etag";

const JSON_TYPE = "application/json; charset=utf-8";

export type ApiResult = { body: unknown; status?: number; headers?: Record<string, string> };

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": JSON_TYPE, ...headers } });
}

/** 200s of GET requests are tagged and may become a 304; everything else goes out as is. */
export function render(req: Request, result: ApiResult): Response {
  const status = result.status ?? 200;
  if (result.body === undefined) return new Response(null, { status, headers: result.headers });
  const text = JSON.stringify(result.body);
  const headers: Record<string, string> = { "Content-Type": JSON_TYPE, ...result.headers };
  if (status === 200 && (req.method === "GET" || req.method === "HEAD")) {
    const etag = weakETag(text);
    // Bodies depend on the caller's key (quota fields): shared caches must not keep them.
    Object.assign(headers, { ETag: etag, "Cache-Control": "private, no-cache" });
    if (ifNoneMatchHits(req.headers.get("if-none-match"), etag)) {
      delete headers["Content-Type"];
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(text, { status, headers });
}

export function errorResponse(err: ApiError, requestId: string): Response {
  return jsonResponse(err.body(requestId), err.status, err.options.headers);
}
