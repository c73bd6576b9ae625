// The responses an operation can give, status by status, with the headers each carries. Who
// answers decides the headers: the keyed wrapper adds rate-limit headers (the key's quota, or
// the address's keyless limit before a key is known), the server's own early checks
// (malformed paths, huge headers or bodies) add only X-Request-Id.
import { type ErrorExample, errorContent } from "./error-examples";
import { type HeaderName, headers, RATE } from "./headers";
import type { Json } from "./json-schema";

export type Responses = Record<string, Json>;

const ID: HeaderName[] = ["X-Request-Id"];

export function response(description: string, always: HeaderName[], sometimes: HeaderName[] = []) {
  return { description, headers: headers([...ID, ...always], sometimes) };
}

function error(
  description: string,
  kinds: ErrorExample[],
  always: HeaderName[],
  sometimes: HeaderName[] = [],
) {
  return { ...response(description, always, sometimes), content: errorContent(kinds) };
}

const NOT_MODIFIED =
  "Not Modified: If-None-Match matched the current ETag. **No body**: reuse the copy you have (generated clients such as openapi-fetch report this as an error with an empty body). Not charged.";

/** 200 and 304 of a GET: every GET 200 carries a weak ETag and may become a 304. */
export function conditional(ok: Json, always: HeaderName[], extra: HeaderName[] = []): Responses {
  const tagged: HeaderName[] = [...always, "ETag", "Cache-Control"];
  return {
    200: { ...response("OK", [...tagged, ...extra]), content: ok },
    304: response(NOT_MODIFIED, tagged),
  };
}

const TOO_LARGE_HEADERS = error(
  "headers_too_large: the request headers are over 16 KB (answered before the app sees the request; not charged).",
  ["headers_too_large"],
  [],
);

/** What a keyed request can earn besides its own answers: authentication, quota, failures. */
export function keyedErrors(o: {
  badRequest: ErrorExample[];
  /** Whether the key is charged (rate-limit headers on its answers) or only checked. */
  consumes: boolean;
  /** /v1 refuses other methods after the key check (with its headers); /api routes before. */
  keyedRefusal: boolean;
}): Responses {
  const keyed: HeaderName[] = o.consumes ? RATE : [];
  const address: HeaderName[] = [...RATE, "X-RateLimit-Scope"];
  const badRequest = o.consumes
    ? error(
        "A malformed request. `invalid_parameter`: a value is malformed or out of range, or a parameter is unknown or repeated; `error.param` names it (charged). `key_in_query`: a key in the URL, refused whatever the key (not charged; the address's keyless limit headers). `invalid_path`: a malformed percent-escape, refused by the server before the app (no rate-limit headers).",
        [...o.badRequest, "key_in_query"],
        [],
        address,
      )
    : error(
        "key_in_query: a key in the URL is refused whatever the key; move it to X-API-Key and rotate it. Not charged.",
        ["key_in_query"],
        address,
      );
  return {
    400: badRequest,
    401: error(
      "`invalid_key`: X-API-Key is missing, malformed, mistyped (checksum), unknown or revoked. `key_inactive`: registered but not confirmed (or the link expired: register again). Not charged; the headers are the calling address's keyless limit.",
      ["invalid_key", "key_inactive"],
      [...address, "WWW-Authenticate"],
    ),
    405: error(
      o.keyedRefusal
        ? "method_not_allowed: another method (POST, PUT, PATCH, DELETE) on this path; Allow names the ones served. Given back: not charged. Without a valid key the answer is a 401 instead."
        : "method_not_allowed: another method on this path; Allow names the ones served. No key is checked and nothing is charged.",
      [o.keyedRefusal ? "method_not_allowed" : "site_method_not_allowed"],
      o.keyedRefusal ? ["Allow", ...RATE] : ["Allow"],
    ),
    429: error(
      o.consumes
        ? "`quota_exceeded`: the daily or monthly quota is used up (`error.window` says which; `monthly` when both); Retry-After says when it has room again, or upgrade the plan. `rate_limited`: the calling address reached its daily limit of requests without a valid key. Neither is charged."
        : "rate_limited: the calling address reached its daily limit of requests without a valid key. Not charged.",
      o.consumes ? ["quota_exceeded", "rate_limited"] : ["rate_limited"],
      o.consumes ? ["Retry-After", ...RATE] : ["Retry-After", ...address],
      o.consumes ? ["X-RateLimit-Scope"] : [],
    ),
    431: TOO_LARGE_HEADERS,
    500: error(
      "internal_error: a bug on our side, logged with this request id. Given back: not charged.",
      ["internal_error"],
      [],
      keyed,
    ),
    503: error(
      "service_unavailable: the database cannot be reached or did not answer within 5.5 s. Retry after Retry-After. Given back: not charged.",
      ["service_unavailable"],
      ["Retry-After"],
      keyed,
    ),
  };
}

/** Errors every site POST shares: same-origin JSON only, a body cap, a limiter, failures. */
export function siteErrors(): Responses {
  return {
    403: error(
      "forbidden: not same-origin (the Origin header must be this site's), or the body is not JSON.",
      ["forbidden"],
      [],
    ),
    405: error(
      "method_not_allowed: only POST (and OPTIONS) are served here.",
      ["site_method_not_allowed"],
      ["Allow"],
    ),
    413: error(
      "payload_too_large: the body is over 16 KB; the rest is read and discarded (up to 5 s or 64 MiB), then the connection is closed.",
      ["payload_too_large"],
      [],
    ),
    429: error(
      "rate_limited: too many attempts from this user or address; wait Retry-After seconds.",
      ["site_rate_limited"],
      ["Retry-After"],
    ),
    431: TOO_LARGE_HEADERS,
    500: error("internal_error: a bug on our side, logged with this request id.", ["internal_error"], []),
  };
}

/** What the Studio's signed-in GETs (the request log's export) can earn besides their answer. */
export function signedInReadErrors(): Responses {
  return {
    400: error("invalid_parameter: a filter is not one of the values described.", ["invalid_parameter"], []),
    401: error("not_signed_in: no valid session cookie.", ["not_signed_in"], []),
    403: error("forbidden: sent from another site (Sec-Fetch-Site: cross-site).", ["cross_site_read"], []),
    405: error(
      "method_not_allowed: only GET (and HEAD, OPTIONS) are served here.",
      ["read_method_not_allowed"],
      ["Allow"],
    ),
    429: error(
      "rate_limited: more than 60 exports in an hour by this user; wait Retry-After seconds.",
      ["site_rate_limited"],
      ["Retry-After"],
    ),
    431: TOO_LARGE_HEADERS,
    500: error("internal_error: a bug on our side, logged with this request id.", ["internal_error"], []),
  };
}

/** A site POST whose database is away. */
export const SITE_UNAVAILABLE = error(
  "service_unavailable: the database is away; retry after Retry-After.",
  ["service_unavailable"],
  ["Retry-After"],
);

export { error as errorResponse };
