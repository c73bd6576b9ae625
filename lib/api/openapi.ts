// The OpenAPI 3.1 document, generated from the zod schemas the handlers validate with.
import { z } from "zod";
import {
  JobSchema,
  JobSearchQuerySchema,
  JobSearchResponseSchema,
  SalaryQuerySchema,
  SalaryResponseSchema,
} from "../catalog/schemas";
import {
  ConfirmCheckResponseSchema,
  ConfirmResponseSchema,
  RegisterResponseSchema,
  RevokeResponseSchema,
  TokenBodySchema,
} from "../keys/schemas";
import { TIERS } from "../plans";
import { UsageQuerySchema, UsageResponseSchema } from "../quota/usage";
import { ErrorBodySchema } from "./schemas";

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as Json;
  return rest;
}

function queryParameters(schema: z.ZodObject): Json[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const s = jsonSchema(field as z.ZodType);
    const { description, ...rest } = s;
    return {
      name,
      in: "query",
      required: !(field as z.ZodType).safeParse(undefined).success,
      description,
      schema: rest,
    };
  });
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ "application/json": { schema } });
const RATE = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "X-RateLimit-Window",
  "RateLimit-Policy",
  "RateLimit",
];
const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((h) => [h, { $ref: `#/components/headers/${h}` }]));

function errorResponse(description: string, rate: boolean) {
  return {
    description,
    headers: headerRefs(rate ? ["X-Request-Id", ...RATE] : ["X-Request-Id"]),
    content: json(ref("Error")),
  };
}

const CHARGING =
  "What is charged: every answer to a valid key uses one unit of both windows, except those that did no work or that the service failed: a 304 Not Modified, a 405, and any 5xx (a 503 service_unavailable says Retry-After) cost nothing. 400 and 404 are charged. Requests without a valid key (401, key_in_query) use no quota; they spend a per-address daily budget reported in X-RateLimit-* with X-RateLimit-Scope: address, and past it get 429 rate_limited.";

/** Responses of a keyed /v1 GET: rate-limit headers on every one (the address budget's on 401). */
function keyedGet(ok: Json, extra: Record<string, string>, conditional: boolean) {
  const responses: Json = {
    200: {
      description: "OK",
      headers: headerRefs(["X-Request-Id", ...RATE, ...(conditional ? ["ETag"] : [])]),
      content: json(ok),
    },
    400: errorResponse(
      "invalid_parameter (a bad value, an unknown or repeated parameter; charged) or key_in_query (a key in the URL; checked before the key, not charged, the address budget's headers)",
      true,
    ),
    401: errorResponse(
      "invalid_key (missing, mistyped, unknown, revoked) or key_inactive (not confirmed); not charged, with the address budget's headers",
      true,
    ),
    429: {
      ...errorResponse(
        "quota_exceeded (error.window names the window that ran out) or rate_limited (the address's budget for requests without a valid key is spent)",
        true,
      ),
      headers: headerRefs(["X-Request-Id", "Retry-After", ...RATE]),
    },
    503: {
      ...errorResponse(
        "service_unavailable: a dependency is away; not charged, retry after Retry-After",
        true,
      ),
      headers: headerRefs(["X-Request-Id", "Retry-After", ...RATE]),
    },
  };
  if (conditional)
    responses[304] = {
      description: "Not modified (If-None-Match matched): no body, not charged",
      headers: headerRefs(["X-Request-Id", "ETag", ...RATE]),
    };
  for (const [status, description] of Object.entries(extra))
    responses[status] = errorResponse(description, true);
  return responses;
}

const CONDITIONAL = [
  {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "A previous ETag (or a list, or *): 304 when unchanged",
    schema: { type: "string" },
  },
  {
    name: "X-Client-Timezone",
    in: "header",
    required: false,
    description: "IANA zone, like tz",
    schema: { type: "string" },
  },
];

function str(description: string, example?: string) {
  return { description, schema: { type: "string", ...(example ? { example } : {}) } };
}

let cached: Json | undefined;

export function openApiDocument(): Json {
  cached ??= {
    openapi: "3.1.0",
    info: {
      title: "Jobs & Salary Lookup API",
      version: "1.0.0",
      description: `Read-only JSON API over a job catalog snapshot and location salary medians. Plans: ${Object.values(
        TIERS,
      )
        .map((t) => `${t.name} ${t.daily}/day, ${t.monthly}/month`)
        .join("; ")}. Days reset at 00:00 UTC, months on the 1st. ${CHARGING}`,
    },
    security: [{ ApiKey: [] }],
    paths: {
      "/v1/jobs": {
        get: {
          operationId: "searchJobs",
          summary: "Search jobs",
          parameters: [...queryParameters(JobSearchQuerySchema), ...CONDITIONAL],
          responses: {
            ...keyedGet(ref("JobSearchResponse"), {}, true),
            200: {
              description: "OK",
              headers: headerRefs(["X-Request-Id", ...RATE, "ETag", "Link"]),
              content: json(ref("JobSearchResponse")),
            },
          },
        },
      },
      "/v1/jobs/{id}": {
        get: {
          operationId: "getJob",
          summary: "One job",
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              schema: { type: "string", pattern: "^[A-Za-z0-9._-]{1,64}$" },
            },
            ...CONDITIONAL,
          ],
          responses: keyedGet(ref("Job"), { 404: "not_found: no job with this id" }, true),
        },
      },
      "/v1/salary": {
        get: {
          operationId: "getSalary",
          summary: "Location salary median",
          parameters: [...queryParameters(SalaryQuerySchema), ...CONDITIONAL],
          responses: keyedGet(
            ref("SalaryResponse"),
            { 404: "not_found: no snapshot for this location" },
            true,
          ),
        },
      },
      "/openapi.json": {
        get: {
          operationId: "openApi",
          summary: "This document (public, no key)",
          security: [],
          responses: {
            200: {
              description: "OpenAPI 3.1",
              headers: headerRefs(["X-Request-Id", "ETag"]),
              content: { "application/json": { schema: { type: "object" } } },
            },
          },
        },
      },
      "/v1/openapi.json": {
        get: {
          operationId: "openApiKeyed",
          summary: "This document, under /v1: keyed and metered like every /v1 path",
          parameters: [CONDITIONAL[0]],
          responses: keyedGet({ type: "object" }, {}, true),
        },
      },
      "/api/keys/usage": {
        get: {
          operationId: "getUsage",
          summary: "This key's plan and use (counts against quota)",
          parameters: [...queryParameters(UsageQuerySchema), CONDITIONAL[1]],
          responses: keyedGet(ref("UsageResponse"), {}, false),
        },
      },
      "/api/keys/me": {
        delete: {
          operationId: "revokeKey",
          summary: "Revoke the calling key (no quota used)",
          responses: {
            200: {
              description: "Revoked",
              headers: headerRefs(["X-Request-Id"]),
              content: json(ref("RevokeResponse")),
            },
            401: errorResponse("invalid_key or key_inactive", false),
          },
        },
      },
      "/api/keys/register": {
        post: {
          operationId: "registerKey",
          summary: "Register a key (site session; same-origin JSON)",
          security: [{ Session: [] }],
          requestBody: { required: true, content: json({ type: "object" }) },
          responses: {
            202: {
              description: "Registered, inactive; the key is e-mailed",
              content: json(ref("RegisterResponse")),
            },
            401: errorResponse("not_signed_in", false),
            403: errorResponse("forbidden: cross-site or not JSON", false),
            409: errorResponse("key_exists: revoke the active key first", false),
            429: errorResponse("rate_limited", false),
            503: errorResponse("mail_unavailable: nothing was created", false),
          },
        },
      },
      "/api/keys/confirm": {
        post: {
          operationId: "confirmKey",
          summary: "Activate a key with its e-mailed token (same-origin JSON)",
          security: [],
          requestBody: { required: true, content: json(jsonSchema(TokenBodySchema)) },
          responses: {
            200: { description: "Active", content: json(ref("ConfirmResponse")) },
            400: errorResponse("invalid_token or invalid_parameter", false),
            403: errorResponse("forbidden", false),
            410: errorResponse("token_expired", false),
            429: errorResponse("rate_limited", false),
          },
        },
      },
      "/api/keys/confirm/check": {
        post: {
          operationId: "checkConfirmation",
          summary: "What a token would do, without using it",
          security: [],
          requestBody: { required: true, content: json(jsonSchema(TokenBodySchema)) },
          responses: {
            200: { description: "State", content: json(ref("ConfirmCheckResponse")) },
            400: errorResponse("invalid_parameter", false),
            403: errorResponse("forbidden", false),
          },
        },
      },
      "/api/keys/revoke": {
        post: {
          operationId: "revokeOwnKey",
          summary: "Revoke the signed-in user's key (site session; same-origin JSON)",
          security: [{ Session: [] }],
          requestBody: { required: true, content: json({ type: "object" }) },
          responses: {
            200: { description: "Revoked", content: json(ref("RevokeResponse")) },
            401: errorResponse("not_signed_in", false),
            403: errorResponse("forbidden", false),
            404: errorResponse("not_found: no live key", false),
            429: errorResponse("rate_limited", false),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        ApiKey: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "jsk_ + 36 base62 characters. Never in the URL: that is a 400 key_in_query.",
        },
        Session: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The site's signed-in session",
        },
      },
      schemas: {
        Job: jsonSchema(JobSchema),
        JobSearchResponse: jsonSchema(JobSearchResponseSchema),
        SalaryResponse: jsonSchema(SalaryResponseSchema),
        UsageResponse: jsonSchema(UsageResponseSchema),
        RevokeResponse: jsonSchema(RevokeResponseSchema),
        RegisterResponse: jsonSchema(RegisterResponseSchema),
        ConfirmResponse: jsonSchema(ConfirmResponseSchema),
        ConfirmCheckResponse: jsonSchema(ConfirmCheckResponseSchema),
        Error: jsonSchema(ErrorBodySchema),
      },
      headers: {
        "X-Request-Id": str("Unique id of this request; quote it when asking for help", "req_3kTq…"),
        ETag: str("Weak validator of the body", 'W/"…"'),
        Link: str("RFC 8288 links: next, prev, first, last"),
        "Retry-After": {
          description: "Seconds until the exhausted window has room",
          schema: { type: "integer" },
        },
        "X-RateLimit-Limit": { description: "Daily limit", schema: { type: "integer" } },
        "X-RateLimit-Remaining": { description: "Requests left today", schema: { type: "integer" } },
        "X-RateLimit-Reset": {
          description: "Next daily reset, UTC epoch seconds",
          schema: { type: "integer" },
        },
        "X-RateLimit-Window": { description: "Always daily", schema: { type: "string", const: "daily" } },
        "RateLimit-Policy": str(
          "IETF draft: both windows",
          '"daily";q=50;w=86400, "monthly";q=500;w=2592000',
        ),
        RateLimit: str(
          "IETF draft: remaining and seconds to reset for both windows",
          '"daily";r=49;t=21600, "monthly";r=499;t=799200',
        ),
      },
    },
  };
  return cached;
}
