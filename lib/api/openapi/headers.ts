// Response headers of the API reference. Each is defined once; responses refer to it as
// always sent (`required`) or as sent only on some answers of that status (`name.optional`),
// because a 400 from the app carries rate-limit headers and one from the server's own
// early checks (invalid_path) does not.
import type { Json } from "./json-schema";

const DEFINITIONS = {
  "X-Request-Id": {
    description: "Unique id of this request; quote it when asking for help (it is in the logs).",
    schema: { type: "string", pattern: "^req_[A-Za-z0-9_-]{16}$", maxLength: 20 },
    example: "req_Q2xN7kLm3pR5tVw8",
  },
  "X-RateLimit-Limit": {
    description:
      "The daily limit: your plan's, or the address's keyless limit when X-RateLimit-Scope is address.",
    schema: { type: "integer", format: "int32", minimum: 1, maximum: 2147483647 },
    example: 50,
  },
  "X-RateLimit-Remaining": {
    description: "Requests left in the daily window after this one.",
    schema: { type: "integer", format: "int32", minimum: 0, maximum: 2147483647 },
    example: 48,
  },
  "X-RateLimit-Reset": {
    description: "Next daily reset (00:00 UTC), in UTC epoch seconds.",
    // Seconds since 1970 outgrow 32 bits in 2038.
    schema: { type: "integer", format: "int64", minimum: 0, maximum: 253402300799 },
    example: 1795392000,
  },
  "X-RateLimit-Window": {
    description: "The window the X-RateLimit-* values describe.",
    schema: { type: "string", enum: ["daily"] },
    example: "daily",
  },
  "X-RateLimit-Scope": {
    description:
      "`address` when the request had no valid key: the values are then the calling address's daily limit for keyless requests, not a key's quota. Absent when they are your key's.",
    schema: { type: "string", enum: ["address"] },
    example: "address",
  },
  "RateLimit-Policy": {
    description: "Both windows (IETF draft RateLimit fields): quota `q` per window of `w` seconds.",
    schema: {
      type: "string",
      maxLength: 200,
      pattern: '^"[a-z]+";q=\\d+;w=\\d+(, "[a-z]+";q=\\d+;w=\\d+)*$',
    },
    example: '"daily";q=50;w=86400, "monthly";q=500;w=2592000',
  },
  RateLimit: {
    description: "Both windows (IETF draft RateLimit fields): remaining `r` and seconds to reset `t`.",
    schema: {
      type: "string",
      maxLength: 200,
      pattern: '^"[a-z]+";r=\\d+;t=\\d+(, "[a-z]+";r=\\d+;t=\\d+)*$',
    },
    example: '"daily";r=48;t=21600, "monthly";r=496;t=799200',
  },
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    // At most the time to the next monthly reset: 31 days.
    schema: { type: "integer", format: "int32", minimum: 1, maximum: 2678400 },
    example: 21600,
  },
  ETag: {
    description:
      "Weak validator of the exact body; send it back in If-None-Match to get a 304 when unchanged.",
    schema: { type: "string", pattern: '^W/".+"$', maxLength: 100 },
    example: 'W/"1f3a-9bqXhZcMkd2xY1oEwqUfvA"',
  },
  "Cache-Control": {
    description: "Bodies depend on your key's quota: private caches only, revalidated every time.",
    schema: { type: "string", enum: ["private, no-cache"] },
    example: "private, no-cache",
  },
  "Content-Disposition": {
    description: "A download, named after the day it was made (UTC).",
    schema: {
      type: "string",
      pattern: '^attachment; filename="requests-\\d{4}-\\d{2}-\\d{2}\\.csv"$',
      maxLength: 60,
    },
    example: 'attachment; filename="requests-2026-11-27.csv"',
  },
  "X-Export-Truncated": {
    description:
      "`true` when more lines matched than the export holds (the newest 10,000): narrow the filters.",
    schema: { type: "string", enum: ["true", "false"] },
    example: "false",
  },
  Link: {
    description: "RFC 8288 links to the next, previous, first and last pages, keeping your other parameters.",
    schema: {
      type: "string",
      maxLength: 16384,
      pattern: '^<[^>]+>; rel="[a-z]+"(, <[^>]+>; rel="[a-z]+")*$',
    },
    example:
      '</v1/jobs?title=engineer&country=DE&per_page=2&page=3>; rel="next", </v1/jobs?title=engineer&country=DE&per_page=2&page=1>; rel="prev", </v1/jobs?title=engineer&country=DE&per_page=2&page=1>; rel="first", </v1/jobs?title=engineer&country=DE&per_page=2&page=145>; rel="last"',
  },
  Allow: {
    description: "The methods this path serves.",
    schema: { type: "string", maxLength: 100, pattern: "^[A-Z]+(, [A-Z]+)*$" },
    example: "GET, HEAD, OPTIONS",
  },
  "WWW-Authenticate": {
    description: "How to authenticate: the key goes in the X-API-Key header.",
    schema: { type: "string", enum: ['ApiKey header="X-API-Key"'] },
    example: 'ApiKey header="X-API-Key"',
  },
} as const satisfies Record<string, Json>;

export type HeaderName = keyof typeof DEFINITIONS;

/** The rate-limit family every /v1 answer from the app carries. */
export const RATE: HeaderName[] = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "X-RateLimit-Window",
  "RateLimit-Policy",
  "RateLimit",
];

/** Headers of one response: those always sent, then those sent on some answers only. */
export function headers(always: HeaderName[], sometimes: HeaderName[] = []): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const name of always) out[name] = { $ref: `#/components/headers/${name}` };
  for (const name of sometimes) out[name] = { $ref: `#/components/headers/${name}.optional` };
  return out;
}

/** Both variants of every header; the document drops the ones no response uses. */
export function headerComponents(): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [name, def] of Object.entries(DEFINITIONS)) {
    out[name] = { ...def, required: true };
    out[`${name}.optional`] = { ...def, required: false };
  }
  return out;
}
