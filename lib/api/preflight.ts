// What server.ts answers itself, before Next sees a request: requests Next would answer with a
// bare 500 text/plain (a malformed percent-escape in the path), an HTML 404 (an API path in
// the wrong case, or with an escaped slash), or read without limit (a huge declared body).
// API paths get the one JSON error shape; pages get a small HTML page with the same status.
// Next's own check, so that what it accepts and what this refuses cannot drift apart.
import routerState from "next/dist/server/app-render/parse-and-validate-flight-router-state.js";
import { BODY_LIMIT_BYTES, bodyLimitOf } from "./body";
import { ApiError, type ErrorCode } from "./errors";
import { newRequestId } from "./request-id";
import { API_CSP, COMMON_SECURITY_HEADERS } from "./security-headers";

export type Answer = { status: number; headers: Record<string, string>; body: string };

/** Every route's limit: a longer declared body is refused before any of it is read. */
export const SERVER_BODY_LIMIT = BODY_LIMIT_BYTES;

const API_PATH = /^\/(v1|api)(\/|$)/;

export const isApiPath = (path: string) => API_PATH.test(path.toLowerCase());

function decoded(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page-shaped answer for browsers: the status, what happened, the way back. */
export function htmlAnswer(status: number, title: string, message: string): Answer {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Jobs &amp; Salary API</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2328}a{color:#0b57d0}</style></head><body><p>Jobs &amp; Salary API</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Home</a> · <a href="/jobs">Search jobs</a> · <a href="/docs">API docs</a></p></body></html>`;
  return {
    status,
    headers: {
      ...COMMON_SECURITY_HEADERS,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
    },
    body,
  };
}

export function jsonAnswer(code: ErrorCode, message: string, headers: Record<string, string> = {}): Answer {
  const err = new ApiError(code, message, { headers });
  const requestId = newRequestId();
  return {
    status: err.status,
    headers: {
      ...COMMON_SECURITY_HEADERS,
      "Content-Security-Policy": API_CSP,
      "Content-Type": "application/json; charset=utf-8",
      "X-Request-Id": requestId,
      ...headers,
    },
    body: JSON.stringify(err.body(requestId)),
  };
}

/** Methods Next routes at all; anything else (TRACE, PROPFIND, …) never reaches it. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export type RequestHead = {
  method: string;
  url: string;
  contentLength?: string;
  transferEncoding?: string;
  /** Next's client router's state, and its mark of a router request ("1"), which alone reads it. */
  routerState?: string | string[];
  rsc?: string | string[];
};

/** Whether Next's own reading of its client router's state would fail (it answers that 500). */
function badRouterState(state: string | string[] | undefined): boolean {
  if (state === undefined) return false;
  try {
    routerState.parseAndValidateFlightRouterState(state);
    return false;
  } catch {
    return true;
  }
}

/** The answer for a request Next should not see, or null to hand it on. */
export function preflight(head: RequestHead): Answer | null {
  const rawPath = head.url.split("?", 1)[0] ?? "/";
  const path = decoded(rawPath);
  const api = isApiPath(path ?? rawPath);
  if (!KNOWN_METHODS.has(head.method)) {
    return api
      ? jsonAnswer("method_not_allowed", `${head.method} is not a method this server serves.`, {
          Allow: "GET, HEAD, OPTIONS",
        })
      : htmlAnswer(405, "Method not allowed", "Pages are read with GET.");
  }
  const limit = bodyLimitOf(head.url);
  if (Number(head.contentLength) > limit) {
    return jsonAnswer("payload_too_large", `The request body is larger than ${limit} bytes.`);
  }
  // Pages take no body (there are no server actions); refusing one here keeps Next's proxy from
  // buffering it.
  const hasBody = Number(head.contentLength) > 0 || head.transferEncoding !== undefined;
  if (!api && hasBody) return htmlAnswer(413, "Too large", "Pages take no request body.");
  if (path === null) {
    return api
      ? jsonAnswer("invalid_path", "The path has a malformed percent-escape (such as %FF or a lone %).")
      : htmlAnswer(400, "Bad address", "This address has a malformed percent-escape, so it leads nowhere.");
  }
  if (!api && head.rsc === "1" && badRouterState(head.routerState))
    return htmlAnswer(
      400,
      "Bad request",
      "The page state this request carried could not be read. Reload the page.",
    );
  // Paths are case-sensitive and a slash must be a slash: /V1/jobs and /v1%2Fjobs are not
  // endpoints, but they are API paths, so they get the API's 404 rather than a web page.
  if (api && !API_PATH.test(rawPath)) {
    return jsonAnswer(
      "not_found",
      "No such endpoint; paths are lower-case, and /v1/jobs, /v1/jobs/{id} and /v1/salary are the API.",
    );
  }
  return null;
}

/** For errors Node's HTTP parser raises before there is a request (huge headers, bad bytes). */
export function protocolErrorAnswer(code: string | undefined): Answer {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return jsonAnswer("request_timeout", "The request was not received in time.");
  }
  return code === "HPE_HEADER_OVERFLOW"
    ? jsonAnswer("headers_too_large", "The request headers are larger than this server accepts (16 KB).")
    : jsonAnswer(
        "bad_request",
        "The request could not be parsed as HTTP (non-ASCII bytes in the path must be percent-encoded).",
      );
}
