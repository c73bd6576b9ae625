// The one wrapper every keyed route goes through: request id → key in query? → key →
// quota → handler → headers → error mapping. Handlers return data; none can forget a header.
import { clock } from "../clock";
import { log } from "../log";
import { consume, type QuotaState, verifyWithoutConsuming } from "../quota/consume";
import { rateLimitHeaders } from "../quota/headers";
import { isValidTimeZone } from "../time";
import { keyError, keyHashFromHeader, quotaError, rejectKeyInQuery } from "./auth";
import { ApiError, invalidParameter, toApiError } from "./errors";
import { newRequestId } from "./request-id";
import { type ApiResult, errorResponse, render } from "./respond";

export type V1Context = {
  req: Request;
  url: URL;
  requestId: string;
  params: Record<string, string>;
  now: Date;
  key: { id: string; hash: string };
  /** Set when the request consumed quota. */
  quota?: QuotaState;
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

/** `consume: false` authenticates without using quota (DELETE /api/keys/me). */
export function withApiKey(handler: V1Handler, options: { consume: boolean } = { consume: true }) {
  return async function keyedRoute(req: Request, route?: RouteContext): Promise<Response> {
    const started = performance.now();
    const requestId = newRequestId();
    const url = new URL(req.url);
    let limitHeaders: Record<string, string> = {};
    let res: Response;
    try {
      rejectKeyInQuery(url.searchParams);
      const parsed = keyHashFromHeader(req);
      if (!parsed.ok) throw keyError(parsed.code);
      const now = clock.now();
      let keyId: string;
      let quota: QuotaState | undefined;
      if (options.consume) {
        const admission = await consume(parsed.hash, now);
        if (!admission.ok && admission.code !== "quota_exceeded") throw keyError(admission.code);
        limitHeaders = rateLimitHeaders(admission.quota, now);
        if (!admission.ok) throw quotaError(admission.window, admission.quota, now);
        ({ keyId, quota } = admission);
      } else {
        const verified = await verifyWithoutConsuming(parsed.hash);
        if (!verified.ok) throw keyError(verified.code);
        keyId = verified.key.id;
      }
      const raw = (await route?.params) ?? {};
      const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
      const key = { id: keyId, hash: parsed.hash };
      res = render(req, await handler({ req, url, requestId, params, now, key, quota, timeZone: timeZoneOf(req) }));
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.status >= 500) log.error("request failed", { request_id: requestId, path: url.pathname, error: String(err) });
      res = errorResponse(apiError, requestId);
    }
    for (const [name, value] of Object.entries(limitHeaders)) res.headers.set(name, value);
    res.headers.set("X-Request-Id", requestId);
    // The path only: query strings can carry secrets a caller pasted by mistake.
    log.debug("request", { request_id: requestId, method: req.method, path: url.pathname, status: res.status, ms: +(performance.now() - started).toFixed(2) });
    return res;
  };
}

/** Every /v1 route: keyed, and each request uses one unit of quota. */
export const withV1 = (handler: V1Handler) => withApiKey(handler, { consume: true });

/** For methods a /v1 route does not serve: a JSON 405 instead of an empty one. */
export const rejectMethod = withV1(async ({ req }) => {
  throw new ApiError("method_not_allowed", `${req.method} is not supported here; this API is read-only (GET).`, {
    headers: { Allow: "GET, HEAD" },
  });
});
