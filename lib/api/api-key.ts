// Reading the API key from a request, and the errors a key can earn.
import { containsKeyLikeText, looksLikeKey } from "../keys/format";
import { hashOf } from "../keys/store";
import type { QuotaState } from "../quota/state";
import { ApiError } from "./errors";
import { retryAfter } from "./rate-limit-headers";

const KEY_PARAM_NAMES = new Set([
  "api_key",
  "apikey",
  "api-key",
  "key",
  "x-api-key",
  "x_api_key",
  "access_key",
  "token",
]);

/** The path as Next will read it (a key may be percent-encoded); raw when it cannot be decoded. */
export function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Whether the URL holds a key: a key parameter, or key-like text in the query or the path. */
function keyInUrl(url: URL): boolean {
  if (containsKeyLikeText(decodedPath(url.pathname))) return true;
  for (const [name, value] of url.searchParams) {
    if (KEY_PARAM_NAMES.has(name.toLowerCase()) || containsKeyLikeText(name) || containsKeyLikeText(value)) {
      return true;
    }
  }
  return false;
}

/** The HMAC of a well-formed key found whole in the URL (a parameter's value or a path segment). */
export function keyHashInUrl(url: URL): string | null {
  const candidates = [...url.searchParams.values(), ...decodedPath(url.pathname).split("/")];
  const key = candidates.find((v) => looksLikeKey(v.trim()));
  return key ? hashOf(key.trim()) : null;
}

/** A key in the URL is refused even with a valid header: URLs end up in logs and histories. */
export function keyInUrlError(url: URL): ApiError | null {
  if (!keyInUrl(url)) return null;
  return new ApiError(
    "key_in_query",
    "Send the API key in the X-API-Key header, never in the URL. If this key was shared in a link, revoke it and register a new one.",
  );
}

const WWW_AUTHENTICATE = { "WWW-Authenticate": 'ApiKey header="X-API-Key"' };

export function keyError(code: "invalid_key" | "key_inactive"): ApiError {
  return code === "key_inactive"
    ? new ApiError(
        "key_inactive",
        "This key is not active yet: open the confirmation link from the e-mail, or register again if the link has expired.",
        { headers: WWW_AUTHENTICATE },
      )
    : new ApiError(
        "invalid_key",
        "Missing, mistyped, unknown or revoked API key; send a valid key in the X-API-Key header.",
        { headers: WWW_AUTHENTICATE },
      );
}

/** The key's HMAC when the header holds a well-formed key; checksum failures cost no I/O. */
export function keyHashFromHeader(
  req: Request,
): { ok: true; hash: string } | { ok: false; code: "invalid_key" } {
  const raw = req.headers.get("x-api-key")?.trim() ?? "";
  return looksLikeKey(raw) ? { ok: true, hash: hashOf(raw) } : { ok: false, code: "invalid_key" };
}

/** How a developer gives their own key more room; said only off production, where the caller runs the server. */
export const DEV_TIER_HINT =
  "In development, raise the key's plan with the operator CLI: npm run keys -- tier --email <your address> --tier pro";

/** `development`: the server is not a production one, so the caller is the operator too. */
export function quotaError(
  window: "daily" | "monthly",
  quota: QuotaState,
  now: Date,
  development = false,
): ApiError {
  const w = quota[window];
  const hint = development ? ` ${DEV_TIER_HINT}.` : "";
  return new ApiError(
    "quota_exceeded",
    `The ${window} quota of ${w.limit} requests is used up; it resets at ${w.reset.toISOString()}, or at once on upgrading the plan.${hint}`,
    { window, headers: { "Retry-After": String(retryAfter(quota, now)) } },
  );
}
