// The keyed wrapper of /v1 and /api/keys/{usage,me}: key in query? → key → quota → handler,
// with rate-limit headers on every response past authentication.
import { consume, type QuotaState, verifyWithoutConsuming } from "../quota/consume";
import { rateLimitHeaders } from "../quota/headers";
import { keyError, keyHashFromHeader, quotaError, rejectKeyInQuery } from "./auth";
import { ApiError } from "./errors";
import { type BaseContext, handle, type RouteContext } from "./handle";
import type { ApiResult } from "./respond";

export type V1Context = BaseContext & {
  key: { id: string; hash: string };
  /** Set when the request consumed quota. */
  quota?: QuotaState;
};

export type V1Handler = (ctx: V1Context) => Promise<ApiResult>;

/** `consume: false` authenticates without using quota (DELETE /api/keys/me). */
export function withApiKey(handler: V1Handler, options: { consume: boolean } = { consume: true }) {
  return (req: Request, route?: RouteContext) =>
    handle(req, route, async (base, addHeaders) => {
      rejectKeyInQuery(base.url.searchParams);
      const parsed = keyHashFromHeader(req);
      if (!parsed.ok) throw keyError(parsed.code);
      if (!options.consume) {
        const verified = await verifyWithoutConsuming(parsed.hash);
        if (!verified.ok) throw keyError(verified.code);
        return handler({ ...base, key: { id: verified.key.id, hash: parsed.hash } });
      }
      const admission = await consume(parsed.hash, base.now);
      if (!admission.ok && admission.code !== "quota_exceeded") throw keyError(admission.code);
      addHeaders(rateLimitHeaders(admission.quota, base.now));
      if (!admission.ok) throw quotaError(admission.window, admission.quota, base.now);
      return handler({ ...base, key: { id: admission.keyId, hash: parsed.hash }, quota: admission.quota });
    });
}

/** Every /v1 route: keyed, and each request uses one unit of quota. */
export const withV1 = (handler: V1Handler) => withApiKey(handler, { consume: true });

/** For methods a /v1 route does not serve: a JSON 405 instead of an empty one. */
export const rejectMethod = withV1(async ({ req }) => {
  throw new ApiError(
    "method_not_allowed",
    `${req.method} is not supported here; this API is read-only (GET).`,
    {
      headers: { Allow: "GET, HEAD" },
    },
  );
});
