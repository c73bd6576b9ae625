// The keyed wrapper of /v1 and /api/keys/{usage,me}: key in the URL? → key → quota → handler,
// with rate-limit headers on every response: the key's quota once it is known, the caller's
// per-address keyless limit before that.
import { noteQuota } from "../alerts/outbox";
import { env } from "../core/env";
import { type Charge, consume, isKnownActive, refund, verifyWithoutConsuming } from "../quota/admission";
import { type QuotaState, withUnitReturned } from "../quota/state";
import { keyError, keyHashFromHeader, keyHashInUrl, keyInUrlError, quotaError } from "./api-key";
import { ApiError } from "./errors";
import { type BaseContext, type Controls, handle, type RouteContext } from "./handle";
import {
  keylessLimitHeaders,
  keylessLimitRefusal,
  peekKeylessLimit,
  spendKeylessLimit,
} from "./keyless-limit";
import { rateLimitHeaders } from "./rate-limit-headers";
import type { ApiResult } from "./respond";

type KeyContext = BaseContext & { key: { id: string; hash: string } };
/** What a handler sees: the quota state exactly when the request consumed quota. */
export type KeyedContext<Consumes extends boolean> = Consumes extends true
  ? KeyContext & { quota: QuotaState }
  : KeyContext;

/**
 * Answers that did no work for the caller, or that the service failed, are not charged. A 304
 * for `If-None-Match: *` is charged: it matches anything, so it would make every answer free.
 */
const refundable = (status: number, req: Request) =>
  (status === 304 && req.headers.get("if-none-match")?.trim() !== "*") || status === 405 || status >= 500;

/** A request without a valid key counts against its address's keyless limit and says so in its headers. */
async function keylessAnswer(req: Request, error: ApiError, controls: Controls): Promise<ApiError> {
  const spent = await spendKeylessLimit(req);
  if (!spent.ok) return keylessLimitRefusal(spent);
  controls.addHeaders(keylessLimitHeaders(spent));
  return error;
}

/**
 * Takes one unit for the request and gives it back if the answer turns out refundable, even
 * when the answer was settled (a deadline) before the admission came back.
 */
async function admit(hash: string, base: BaseContext, controls: Controls, lookup: boolean) {
  let settled = false;
  let charge: Charge | undefined;
  let quota: QuotaState | undefined;
  controls.onSettled((status) => {
    settled = true;
    charge?.count(); // answered: from now on it may be charged
    if (!charge || !quota || !refundable(status, base.req)) return undefined;
    const given = quota;
    return refund(charge).then(() => rateLimitHeaders(withUnitReturned(given), base.now));
  });
  const admission = await consume(hash, base.now, { lookup, countWhenAnswered: true });
  if (admission.ok) {
    ({ charge, quota } = admission);
    if (settled) {
      charge.count();
      await refund(charge);
    }
  }
  return admission;
}

/**
 * `consume: true` admits the request against both quota windows (every /v1 route and
 * GET /api/keys/usage); `consume: false` only authenticates (DELETE /api/keys/me).
 */
export function withApiKey<Consumes extends boolean>(
  handler: (ctx: KeyedContext<Consumes>) => Promise<ApiResult>,
  options: { consume: Consumes },
) {
  return (req: Request, route?: RouteContext) =>
    handle(req, route, async (base, controls) => {
      // The key decides the answer (its quota headers, or a 401/429): a cache must not share it.
      controls.addHeaders({ Vary: "X-API-Key" });
      const inUrl = keyInUrlError(base.url);
      const parsed = keyHashFromHeader(req);
      if (inUrl) {
        // Its owner sees it refused (without the URL's query): the header's key, or the URL's.
        const owner = parsed.ok ? parsed.hash : keyHashInUrl(base.url);
        if (owner) controls.logUnder(owner, true);
        throw await keylessAnswer(req, inUrl, controls);
      }
      if (!parsed.ok) throw await keylessAnswer(req, keyError(parsed.code), controls);
      controls.logUnder(parsed.hash);
      // An address that reached its keyless limit gets no more Postgres lookups for keys this
      // process has not seen active; keys whose state Redis holds still work.
      const keyless = isKnownActive(parsed.hash) ? null : await peekKeylessLimit(req);
      const lookup = keyless?.ok ?? true;
      if (!options.consume) {
        if (keyless && !keyless.ok) throw keylessLimitRefusal(keyless);
        const verified = await verifyWithoutConsuming(parsed.hash);
        if (!verified.ok) throw await keylessAnswer(req, keyError(verified.code), controls);
        controls.noteKey(verified.key.id);
        const ctx: KeyContext = { ...base, key: { id: verified.key.id, hash: parsed.hash } };
        return handler(ctx as KeyedContext<Consumes>);
      }
      const admission = await admit(parsed.hash, base, controls, lookup);
      if (!admission.ok && admission.code === "lookup_refused") {
        // Only asked for when the keyless limit was seen reached.
        throw keyless ? keylessLimitRefusal(keyless) : new Error("lookup refused within the keyless limit");
      }
      if (!admission.ok && admission.code !== "quota_exceeded") {
        throw await keylessAnswer(req, keyError(admission.code), controls);
      }
      controls.noteKey(admission.keyId);
      controls.addHeaders(rateLimitHeaders(admission.quota, base.now));
      noteQuota(admission.keyId, admission.quota, base.now);
      if (!admission.ok) {
        throw quotaError(admission.window, admission.quota, base.now, env().NODE_ENV !== "production");
      }
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

const V1_ALLOW = "GET, HEAD, OPTIONS";

/** For methods a /v1 route does not serve: a JSON 405 (not charged) instead of an empty one. */
export const rejectMethod = withV1(async ({ req }) => {
  throw new ApiError(
    "method_not_allowed",
    `${req.method} is not supported here; this API is read-only (GET).`,
    {
      headers: { Allow: V1_ALLOW },
    },
  );
});
