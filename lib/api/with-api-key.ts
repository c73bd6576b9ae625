// The keyed wrapper of /v1 and /api/keys/{usage,me}: key in query? → key → quota → handler,
// with rate-limit headers on every response past authentication.
import { consume, verifyWithoutConsuming } from "../quota/admission";
import type { QuotaState } from "../quota/state";
import { keyError, keyHashFromHeader, quotaError, rejectKeyInQuery } from "./api-key";
import { ApiError } from "./errors";
import { type BaseContext, handle, type RouteContext } from "./handle";
import { rateLimitHeaders } from "./rate-limit-headers";
import type { ApiResult } from "./respond";

type KeyContext = BaseContext & { key: { id: string; hash: string } };
/** What a handler sees: the quota state exactly when the request consumed quota. */
export type KeyedContext<Consumes extends boolean> = Consumes extends true
  ? KeyContext & { quota: QuotaState }
  : KeyContext;

/**
 * `consume: true` admits the request against both quota windows (every /v1 route and
 * GET /api/keys/usage); `consume: false` only authenticates (DELETE /api/keys/me).
 */
export function withApiKey<Consumes extends boolean>(
  handler: (ctx: KeyedContext<Consumes>) => Promise<ApiResult>,
  options: { consume: Consumes },
) {
  return (req: Request, route?: RouteContext) =>
    handle(req, route, async (base, addHeaders) => {
      rejectKeyInQuery(base.url.searchParams);
      const parsed = keyHashFromHeader(req);
      if (!parsed.ok) throw keyError(parsed.code);
      if (!options.consume) {
        const verified = await verifyWithoutConsuming(parsed.hash);
        if (!verified.ok) throw keyError(verified.code);
        const ctx: KeyContext = { ...base, key: { id: verified.key.id, hash: parsed.hash } };
        return handler(ctx as KeyedContext<Consumes>);
      }
      const admission = await consume(parsed.hash, base.now);
      if (!admission.ok && admission.code !== "quota_exceeded") throw keyError(admission.code);
      addHeaders(rateLimitHeaders(admission.quota, base.now));
      if (!admission.ok) throw quotaError(admission.window, admission.quota, base.now);
      const ctx: KeyedContext<true> = {
        ...base,
        key: { id: admission.keyId, hash: parsed.hash },
        quota: admission.quota,
      };
      return handler(ctx as KeyedContext<Consumes>);
    });
}

/** Every /v1 route: keyed, and each request uses one unit of quota. */
export const withV1 = (handler: (ctx: KeyedContext<true>) => Promise<ApiResult>) =>
  withApiKey(handler, { consume: true });

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
