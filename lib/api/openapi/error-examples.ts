// Error bodies of the reference, made by the same functions that make the real ones, so the
// examples say what the API says.
import { AlertsSettingSchema } from "../../alerts/settings";
import { CheckoutBodySchema } from "../../billing/checkout";
import { toFilters } from "../../catalog/filters";
import { JobSearchQuerySchema } from "../../catalog/schemas";
import { firstIssue, parseQueryParams } from "../../core/query-params";
import { TokenBodySchema } from "../../keys/schemas";
import { quotaState } from "../../quota/state";
import { keyError, keyInUrlError, quotaError } from "../api-key";
import { payloadTooLarge } from "../body";
import { ApiError, type ErrorCode, fromFailure, toApiError, unavailable } from "../errors";
import { keylessLimitRefusal } from "../keyless-limit";
import { preflight, protocolErrorAnswer } from "../preflight";
import { jsonContent, ref } from "./json-schema";

const REQUEST_ID = "req_Q2xN7kLm3pR5tVw8";
// 15:00 UTC on the day of the examples: the daily window resets in 9 hours.
const NOW = new Date("2026-11-21T15:00:00Z");

function invalidParameter(): ApiError {
  const parsed = parseQueryParams(new URLSearchParams("per_page=500"), JobSearchQuerySchema);
  if (parsed.ok) throw new Error("per_page=500 was accepted");
  return fromFailure(parsed);
}

/** A combination rule: salary filters need one country (its currency). */
function salaryNeedsCountry(): ApiError {
  const rules = toFilters(JobSearchQuerySchema.parse({ salary_min: "50000", country: "EU" }), NOW);
  if (rules.ok) throw new Error("salary_min with a region was accepted");
  return fromFailure(rules);
}

function invalidToken(): ApiError {
  const parsed = TokenBodySchema.safeParse({ token: "not-a-token" });
  if (parsed.success) throw new Error("a malformed token was accepted");
  return fromFailure(firstIssue(parsed.error, "token"));
}

/** What POST /api/billing/checkout answers to a plan that is not sold. */
function invalidCheckoutBody(): ApiError {
  const parsed = CheckoutBodySchema.safeParse({ tier: "gold" });
  if (parsed.success) throw new Error("a plan that is not sold was accepted");
  return fromFailure(firstIssue(parsed.error, "body"));
}

/** What POST /api/keys/alerts answers to a body that is not {"enabled": true|false}. */
function invalidAlertsBody(): ApiError {
  const parsed = AlertsSettingSchema.safeParse({ enabled: "yes" });
  if (parsed.success) throw new Error("a malformed alerts body was accepted");
  return fromFailure(firstIssue(parsed.error, "body"));
}

/** An answer the server gives before the app sees the request, as the ApiError it stands for. */
function early(code: ErrorCode, body: string | undefined): ApiError {
  const parsed = JSON.parse(body ?? "{}") as { error?: { message: string } };
  return new ApiError(code, parsed.error?.message ?? code);
}

const ERRORS = {
  invalid_parameter: invalidParameter,
  salary_needs_country: salaryNeedsCountry,
  invalid_id: () =>
    new ApiError("invalid_parameter", "id: must be 1–64 of A–Z a–z 0–9 . _ -", { param: "id" }),
  key_in_query: () => keyInUrlError(new URL("http://localhost/v1/jobs?api_key=x")) ?? invalidParameter(),
  invalid_path: () => early("invalid_path", preflight({ method: "GET", url: "/v1/jobs/%FF" })?.body),
  invalid_token: () =>
    new ApiError(
      "invalid_token",
      "This link was already used or is not valid; register again in the Studio if you need a key.",
    ),
  token_body: invalidToken,
  alerts_body: invalidAlertsBody,
  checkout_body: invalidCheckoutBody,
  billing_unavailable: () =>
    new ApiError(
      "billing_unavailable",
      "Plans are not sold on this server; the operator changes plans (npm run keys -- tier).",
    ),
  invalid_signature: () =>
    new ApiError("invalid_signature", "The Stripe-Signature header does not verify this body."),
  payment_provider_unavailable: () =>
    new ApiError(
      "payment_provider_unavailable",
      "Stripe could not be reached; nothing changed. Try again shortly.",
      { headers: { "Retry-After": "30" } },
    ),
  no_customer: () => new ApiError("not_found", "You have no billing account yet: buy a plan first."),
  invalid_key: () => keyError("invalid_key"),
  key_inactive: () => keyError("key_inactive"),
  not_signed_in: () => new ApiError("not_signed_in", "Sign in first."),
  forbidden: () => new ApiError("forbidden", "Cross-site requests are refused; use the site's own pages."),
  job_not_found: () => new ApiError("not_found", "No job with this id in the current catalog."),
  salary_not_found: () => new ApiError("not_found", "No salary snapshot for this location."),
  salary_history_not_found: () => new ApiError("not_found", "No salary history for this location."),
  insufficient_data: () =>
    new ApiError(
      "insufficient_data",
      "Too few advertised salaries for percentiles: 11 of the 29 matches read advertise one, and no currency has 20. Widen the search.",
    ),
  no_key: () => new ApiError("not_found", "You have no key to revoke."),
  method_not_allowed: () =>
    new ApiError("method_not_allowed", "POST is not supported here; this API is read-only (GET)."),
  site_method_not_allowed: () =>
    new ApiError("method_not_allowed", "GET is not supported here; use POST, OPTIONS."),
  key_exists: () =>
    new ApiError("key_exists", "You already have an active key; revoke it before registering a new one."),
  registration_in_progress: () =>
    new ApiError(
      "registration_in_progress",
      "Another registration for your account is under way; use the key in the e-mail it sends, or try again in a minute.",
    ),
  cursor_expired: () =>
    new ApiError(
      "cursor_expired",
      "since: the changes after this cursor are no longer kept. Resynchronise: call this without since for a new cursor, then list the jobs you follow again with GET /v1/jobs, and go on from that cursor.",
    ),
  token_expired: () =>
    new ApiError("token_expired", "This link has expired; register again in the Studio to get a new key."),
  payload_too_large: () => payloadTooLarge(),
  quota_exceeded: () =>
    quotaError("daily", quotaState({ daily: 50, monthly: 500, dayUsed: 50, monthUsed: 212 }, NOW), NOW),
  rate_limited: () =>
    keylessLimitRefusal({ ok: false, limit: 1000, remaining: 0, reset: new Date("2026-11-22T00:00:00Z") }),
  read_method_not_allowed: () =>
    new ApiError("method_not_allowed", "POST is not supported here; use GET, HEAD, OPTIONS."),
  cross_site_read: () =>
    new ApiError("forbidden", "Cross-site requests are refused; use the site's own pages."),
  site_rate_limited: () => new ApiError("rate_limited", "Too many requests; try again shortly."),
  headers_too_large: () => early("headers_too_large", protocolErrorAnswer("HPE_HEADER_OVERFLOW").body),
  internal_error: () => toApiError(new Error("a bug")),
  service_unavailable: () => unavailable(),
  mail_unavailable: () =>
    new ApiError(
      "mail_unavailable",
      "We could not send the confirmation e-mail, so no key was created; try again in a few minutes.",
    ),
} satisfies Record<string, () => ApiError>;

export type ErrorExample = keyof typeof ERRORS;

/** A JSON error body with one named example per way the status can come about. */
export function errorContent(kinds: ErrorExample[]) {
  const examples = Object.fromEntries(
    kinds.map((kind) => {
      const err = ERRORS[kind]();
      const summary = err.options.param ? `${err.code} (${err.options.param})` : err.code;
      return [kind, { summary, value: err.body(REQUEST_ID) }];
    }),
  );
  return jsonContent(ref("Error"), examples);
}
