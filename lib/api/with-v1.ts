// The one wrapper every /v1 route goes through: request id → (key → quota) → handler →
// headers → error mapping. Handlers return data; they cannot forget a header.
import { log } from "../log";
import { isValidTimeZone } from "../time";
import { ApiError, invalidParameter, toApiError } from "./errors";
import { newRequestId } from "./request-id";
import { type ApiResult, errorResponse, render } from "./respond";

export type V1Context = {
  req: Request;
  url: URL;
  requestId: string;
  params: Record<string, string>;
  now: Date;
  /** The zone from `tz` (already validated) or X-Client-Timezone; undefined when neither is sent. */
  timeZone: (queryTz?: string) => string | undefined;
};

export type V1Handler = (ctx: V1Context) => Promise<ApiResult>;
type RouteContext = { params?: Promise<Record<string, string | string[]>> };

function timeZoneOf(req: Request) {
  return (queryTz?: string) => {
    if (queryTz) return queryTz;
    const header = req.headers.get("x-client-timezone");
    if (header === null) return undefined;
    if (!isValidTimeZone(header)) {
      throw invalidParameter("X-Client-Timezone", "X-Client-Timezone: must be an IANA time zone such as Europe/Berlin");
    }
    return header;
  };
}

export function withV1(handler: V1Handler) {
  return async function v1Route(req: Request, route?: RouteContext): Promise<Response> {
    const started = performance.now();
    const requestId = newRequestId();
    const url = new URL(req.url);
    let res: Response;
    try {
      const raw = (await route?.params) ?? {};
      const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
      const result = await handler({ req, url, requestId, params, now: new Date(), timeZone: timeZoneOf(req) });
      res = render(req, result);
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.status >= 500) log.error("request failed", { request_id: requestId, path: url.pathname, error: String(err) });
      res = errorResponse(apiError, requestId);
    }
    res.headers.set("X-Request-Id", requestId);
    // The path only: query strings can carry secrets a caller pasted by mistake.
    log.debug("request", { request_id: requestId, method: req.method, path: url.pathname, status: res.status, ms: +(performance.now() - started).toFixed(2) });
    return res;
  };
}

/** For methods a /v1 route does not serve: a JSON 405 instead of an empty one. */
export const rejectMethod = withV1(async ({ req }) => {
  throw new ApiError("method_not_allowed", `${req.method} is not supported here; this API is read-only (GET).`, {
    headers: { Allow: "GET, HEAD" },
  });
});
