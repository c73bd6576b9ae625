// The scaffolding every JSON route shares: request id, route params, rendering (ETag, 304),
// error mapping, extra headers, logging. Wrappers (keyed, site, session) add admission.
import { clock } from "../core/clock";
import { log } from "../core/log";
import { isValidTimeZone } from "../core/time";
import { containsKeyLikeText } from "../keys/format";
import { recordRequest } from "../metrics/registry";
import { loggableQuery, loggedPath } from "../request-log/line";
import { recordRequestLine } from "../request-log/writer";
import { decodedPath } from "./api-key";
import { invalidParameter, toApiError, unavailable } from "./errors";
import { newRequestId } from "./request-id";
import { type ApiResult, errorResponse, render } from "./respond";

export type BaseContext = {
  req: Request;
  url: URL;
  requestId: string;
  params: Record<string, string>;
  now: Date;
  /** The zone from `tz` (already validated) or X-Client-Timezone; undefined when neither is sent. */
  timeZone: (queryTz?: string) => string | undefined;
};

export type RouteContext = { params?: Promise<Record<string, string | string[]>> };

function timeZoneOf(req: Request) {
  return (queryTz?: string) => {
    if (queryTz) return queryTz;
    const header = req.headers.get("x-client-timezone");
    if (header === null) return undefined;
    if (!isValidTimeZone(header)) {
      throw invalidParameter(
        "X-Client-Timezone",
        "X-Client-Timezone: must be an IANA time zone such as Europe/Berlin",
      );
    }
    return header;
  };
}

/** Hooks a wrapper gives the scaffolding: extra headers, and work once the status is known. */
export type Controls = {
  /** Headers for the response, whether it succeeds or fails (rate-limit headers on a 429). */
  addHeaders: (h: Record<string, string>) => void;
  /** Names the API key the request was admitted or refused under, for its log line (never the key). */
  noteKey: (keyId: string) => void;
  /**
   * Logs the request in the request log of the key with this HMAC (when that key exists);
   * `omitQuery` when the URL held a key.
   */
  logUnder: (keyHash: string, omitQuery?: boolean) => void;
  /**
   * Runs after the response is built, before it is sent; may return headers to replace (a
   * promise of them, or undefined at once when there is nothing to do, as for most requests).
   */
  onSettled: (fn: (status: number) => Promise<Record<string, string> | undefined> | undefined) => void;
};

// Past this, a request answers 503 whatever it is waiting for (a frozen database, say): the
// client-side query timeout (lib/core/db.ts) ends the query itself a little later.
export const REQUEST_DEADLINE_MS = 5_500;

function deadline(ms: number): { promise: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

class DeadlineExceeded extends Error {}

const hasBody = (req: Request) =>
  Number(req.headers.get("content-length") ?? 0) > 0 || req.headers.has("transfer-encoding");

/** For logs: a path with something key-like in it is not written down at all. */
const loggablePath = (path: string) =>
  containsKeyLikeText(decodedPath(path)) ? "[a path holding a key]" : path;

/**
 * Runs `run` with a base context and turns what it returns, or throws, into the response:
 * request id, JSON, ETag and 304, the error shape, headers added by the wrapper.
 */
export async function handle(
  req: Request,
  route: RouteContext | undefined,
  run: (base: BaseContext, controls: Controls) => Promise<ApiResult>,
): Promise<Response> {
  const started = performance.now();
  const at = new Date(); // the request log's time: the wall clock, whatever clock tests set
  const requestId = newRequestId();
  const url = new URL(req.url);
  // The wrapper's headers, and the id: they go into the response as it is built.
  const extra: Record<string, string> = { "X-Request-Id": requestId };
  const settled: Parameters<Controls["onSettled"]>[0][] = [];
  let keyId: string | undefined;
  let logUnder: { hash: string; omitQuery: boolean } | undefined;
  let errorCode: string | null = null;
  const controls: Controls = {
    addHeaders: (h) => Object.assign(extra, h),
    noteKey: (id) => {
      keyId = id;
    },
    logUnder: (hash, omitQuery = false) => {
      logUnder = { hash, omitQuery };
    },
    onSettled: (fn) => settled.push(fn),
  };
  let res: Response;
  const limit = deadline(REQUEST_DEADLINE_MS);
  try {
    const raw = route?.params === undefined ? {} : await route.params;
    const params = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
    );
    const base = { req, url, requestId, params, now: clock.now(), timeZone: timeZoneOf(req) };
    const result = await Promise.race([run(base, controls), limit.promise]);
    res = render(req, result, extra);
  } catch (err) {
    const apiError = err instanceof DeadlineExceeded ? unavailable() : toApiError(err);
    errorCode = apiError.code;
    if (apiError.status >= 500) {
      log.error("request failed", {
        request_id: requestId,
        path: loggablePath(url.pathname),
        error: String(err),
      });
    }
    res = errorResponse(apiError, requestId, extra);
  } finally {
    limit.clear();
  }
  for (const fn of settled) {
    let replaced: ReturnType<typeof fn>;
    try {
      replaced = fn(res.status);
    } catch {
      continue; // as a hook's rejection is: the response goes out as built
    }
    if (!replaced) continue;
    const headers = await replaced.catch(() => undefined);
    for (const [name, value] of Object.entries(headers ?? {})) res.headers.set(name, value);
  }
  // A refused body may still be arriving: close the connection rather than read it.
  if (res.status >= 400 && hasBody(req)) res.headers.set("Connection", "close");
  // The path only: query strings can carry secrets a caller pasted by mistake.
  const ms = performance.now() - started;
  const routeLabel = recordRequest(url.pathname, res.status, ms);
  const path = loggablePath(url.pathname);
  log.request({
    request_id: requestId,
    method: req.method,
    route: routeLabel,
    path,
    status: res.status,
    ms: +ms.toFixed(2),
    key_id: keyId,
  });
  if (logUnder) {
    try {
      recordRequestLine({
        at,
        requestId,
        keyHash: logUnder.hash,
        method: req.method,
        route: routeLabel,
        path: loggedPath(path),
        query: loggableQuery(url.search, logUnder.omitQuery),
        status: res.status,
        errorCode,
        ms,
      });
    } catch (err) {
      // The answer is built: a log that fails must not change it.
      log.warn("request log line not queued", { request_id: requestId, error: String(err) });
    }
  }
  return res;
}
