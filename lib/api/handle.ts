// The scaffolding every JSON route shares: request id, route params, rendering (ETag, 304),
// error mapping, extra headers, logging. Wrappers (keyed, site, session) add admission.
import { clock } from "../clock";
import { log } from "../log";
import { isValidTimeZone } from "../time";
import { invalidParameter, toApiError } from "./errors";
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

/**
 * Runs `run` with a base context. Headers passed to `addHeaders` go on the response whether it
 * succeeds or fails (rate-limit headers on a 429, for instance).
 */
export async function handle(
  req: Request,
  route: RouteContext | undefined,
  run: (base: BaseContext, addHeaders: (h: Record<string, string>) => void) => Promise<ApiResult>,
): Promise<Response> {
  const started = performance.now();
  const requestId = newRequestId();
  const url = new URL(req.url);
  const extra: Record<string, string> = {};
  let res: Response;
  try {
    const raw = (await route?.params) ?? {};
    const params = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
    );
    const base = { req, url, requestId, params, now: clock.now(), timeZone: timeZoneOf(req) };
    res = render(req, await run(base, (h) => Object.assign(extra, h)));
  } catch (err) {
    const apiError = toApiError(err);
    if (apiError.status >= 500)
      log.error("request failed", { request_id: requestId, path: url.pathname, error: String(err) });
    res = errorResponse(apiError, requestId);
  }
  for (const [name, value] of Object.entries(extra)) res.headers.set(name, value);
  res.headers.set("X-Request-Id", requestId);
  // The path only: query strings can carry secrets a caller pasted by mistake.
  log.debug("request", {
    request_id: requestId,
    method: req.method,
    path: url.pathname,
    status: res.status,
    ms: +(performance.now() - started).toFixed(2),
  });
  return res;
}
