// The key routes: what a key holder calls (usage, revoke), and the site's own POSTs that its
// pages make with the signed-in session (register, confirm, revoke, the alerts switch).
import { AlertsSettingSchema } from "../../alerts/settings";
import { TokenBodySchema } from "../../keys/schemas";
import { UsageQuerySchema } from "../../quota/usage";
import { RequestLogFilterSchema } from "../../request-log/read";
import { CHECKED, CONFIRMED, EXAMPLE_TOKEN, REGISTERED, REVOKED, USAGE } from "./examples";
import { RATE } from "./headers";
import { type Json, jsonContent, jsonSchema, queryParameters, ref } from "./json-schema";
import { CLIENT_TIMEZONE, IF_NONE_MATCH, type Samples, TZ_EXAMPLE } from "./paths-catalog";
import {
  conditional,
  errorResponse,
  keyedErrors,
  response,
  SITE_UNAVAILABLE,
  signedInReadErrors,
  siteErrors,
} from "./responses";

const SITE =
  "For the site's own pages, not for API clients: same-origin only (the Origin header must be this site's), with a JSON body (`Content-Type: application/json`), so a cross-site form cannot call it. Not metered; limited per user or address (429 with Retry-After).";

const tokenBody = {
  required: true,
  content: jsonContent(jsonSchema(TokenBodySchema), {
    token: { summary: "The token from the link's #token= fragment", value: { token: EXAMPLE_TOKEN } },
  }),
};
const emptyBody = {
  required: true,
  description:
    "An empty JSON object: the route reads nothing from it, but a JSON body is what makes it same-origin only.",
  content: jsonContent({ type: "object" }, { empty: { summary: "Empty object", value: {} } }),
};

export function keyPaths(samples: Samples): Json {
  return {
    "/api/keys/usage": {
      get: {
        operationId: "getUsage",
        tags: ["Keys"],
        summary: "Get your plan and usage",
        description:
          "Your key's plan, both windows (limit, used, remaining, next reset) and this month's requests per UTC day. `tz` or X-Client-Timezone adds the resets in that zone (`reset_local`).\n\n**Charged:** this call counts itself, like a /v1 request (so its own unit is already in `used`).",
        parameters: [
          ...queryParameters(UsageQuerySchema, { tz: TZ_EXAMPLE }),
          IF_NONE_MATCH,
          CLIENT_TIMEZONE,
        ],
        responses: {
          ...conditional(
            jsonContent(ref("UsageResponse"), {
              free: { summary: "A Free key, tz=Europe/Berlin", value: USAGE },
            }),
            RATE,
          ),
          ...keyedErrors({ badRequest: ["invalid_parameter"], consumes: true, keyedRefusal: false }),
        },
        "x-codeSamples": samples({
          method: "GET",
          path: "/api/keys/usage",
          query: { tz: TZ_EXAMPLE },
          auth: "key",
        }),
      },
    },
    "/api/keys/me": {
      delete: {
        operationId: "revokeKey",
        tags: ["Keys"],
        summary: "Revoke the calling key",
        description:
          "Revokes the key that sends this request: the very next request with it is a 401 `invalid_key`, and you may register a new one in the Studio (it continues this month's counts: quotas belong to the user). The owner gets an e-mail. Answers 200 with what was revoked, so a script can log it.\n\n**Charged:** nothing; the key is checked, not metered.",
        responses: {
          200: {
            ...response("Revoked", []),
            content: jsonContent(ref("RevokeResponse"), { revoked: { summary: "Revoked", value: REVOKED } }),
          },
          ...keyedErrors({ badRequest: [], consumes: false, keyedRefusal: false }),
        },
        "x-codeSamples": samples({ method: "DELETE", path: "/api/keys/me", auth: "key" }),
      },
    },
    "/api/keys/register": {
      post: {
        operationId: "registerKey",
        tags: ["Studio"],
        summary: "Register a key",
        description: `Creates an inactive key for the signed-in user and e-mails it with a confirmation link (valid 24 hours); the answer never holds the key. Registering again replaces an unconfirmed key; with an active one it is a 409 (revoke first). If the e-mail cannot be sent, nothing is created (503). Five per user per hour.\n\n${SITE}`,
        security: [{ Session: [] }],
        requestBody: emptyBody,
        responses: {
          202: {
            ...response(
              "Registered, inactive: the key and the confirmation link are on their way by e-mail.",
              [],
            ),
            content: jsonContent(ref("RegisterResponse"), {
              registered: { summary: "Registered", value: REGISTERED },
            }),
          },
          401: errorResponse("not_signed_in: no valid session cookie.", ["not_signed_in"], []),
          409: errorResponse(
            "`key_exists`: you have an active key; revoke it first. `registration_in_progress`: another registration of yours is under way (Retry-After).",
            ["key_exists", "registration_in_progress"],
            [],
            ["Retry-After"],
          ),
          ...siteErrors(),
          503: errorResponse(
            "`mail_unavailable`: the e-mail could not be sent, so nothing was created or replaced. `service_unavailable`: the database is away. Retry after Retry-After.",
            ["mail_unavailable", "service_unavailable"],
            ["Retry-After"],
          ),
        },
        "x-codeSamples": samples({ method: "POST", path: "/api/keys/register", auth: "session", body: {} }),
      },
    },
    "/api/keys/confirm": {
      post: {
        operationId: "confirmKey",
        tags: ["Studio"],
        summary: "Activate a key",
        description: `Activates the key a confirmation token belongs to, once. The confirmation page calls it when its button is pressed, never on opening the link, so mail scanners cannot use the link up.\n\n${SITE}`,
        security: [],
        requestBody: tokenBody,
        responses: {
          200: {
            ...response("Active", []),
            content: jsonContent(ref("ConfirmResponse"), {
              active: { summary: "Activated", value: CONFIRMED },
            }),
          },
          400: errorResponse(
            "`invalid_token`: the link was already used or is not valid. `invalid_parameter`: the body holds no well-formed token.",
            ["invalid_token", "token_body"],
            [],
          ),
          410: errorResponse(
            "token_expired: the link is older than 24 hours; register again.",
            ["token_expired"],
            [],
          ),
          ...siteErrors(),
          503: SITE_UNAVAILABLE,
        },
        "x-codeSamples": samples({
          method: "POST",
          path: "/api/keys/confirm",
          auth: "none",
          body: { token: EXAMPLE_TOKEN },
        }),
      },
    },
    "/api/keys/confirm/check": {
      post: {
        operationId: "checkConfirmation",
        tags: ["Studio"],
        summary: "Check a confirmation token",
        description: `What a token would do, without using it: \`ready\` (with the key's hint and the link's expiry), \`expired\` or \`unknown\`. The confirmation page shows it before the button.\n\n${SITE}`,
        security: [],
        requestBody: tokenBody,
        responses: {
          200: {
            ...response("The token's state", []),
            content: jsonContent(ref("ConfirmCheckResponse"), {
              ready: { summary: "Ready to activate", value: CHECKED },
            }),
          },
          400: errorResponse("invalid_parameter: the body holds no well-formed token.", ["token_body"], []),
          ...siteErrors(),
          503: SITE_UNAVAILABLE,
        },
        "x-codeSamples": samples({
          method: "POST",
          path: "/api/keys/confirm/check",
          auth: "none",
          body: { token: EXAMPLE_TOKEN },
        }),
      },
    },
    "/api/keys/revoke": {
      post: {
        operationId: "revokeOwnKey",
        tags: ["Studio"],
        summary: "Revoke your key from the Studio",
        description: `Revokes the signed-in user's live key (inactive or active), without needing the key itself, and e-mails a notice.\n\n${SITE}`,
        security: [{ Session: [] }],
        requestBody: emptyBody,
        responses: {
          200: {
            ...response("Revoked", []),
            content: jsonContent(ref("RevokeResponse"), { revoked: { summary: "Revoked", value: REVOKED } }),
          },
          401: errorResponse("not_signed_in: no valid session cookie.", ["not_signed_in"], []),
          404: errorResponse("not_found: you have no live key.", ["no_key"], []),
          ...siteErrors(),
          503: SITE_UNAVAILABLE,
        },
        "x-codeSamples": samples({ method: "POST", path: "/api/keys/revoke", auth: "session", body: {} }),
      },
    },
    "/api/keys/requests": {
      get: {
        operationId: "exportRequestLog",
        tags: ["Studio"],
        summary: "Export your request log as CSV",
        description:
          "The signed-in user's requests of the last 7 days (every key they have had), newest first, as CSV: time, request_id, the key's hint, method, path, query (left out when it held anything like a key), status, error_code, duration_ms. Up to the newest 10,000 lines matching the filters; `X-Export-Truncated: true` when there were more. Fields a spreadsheet would run as formulas start with `'`. The Studio's Requests section links here with its filters.\n\nFor the site's own pages, not for API clients: the session cookie decides whose log it is, and a request from another site is refused. Not metered; limited per user (429 with Retry-After).",
        security: [{ Session: [] }],
        parameters: queryParameters(RequestLogFilterSchema, {
          status: "4xx",
          route: "/v1/jobs/{id}",
          request_id: "req_Q2xN7kLm3pR5tVw8",
        }),
        responses: {
          200: {
            ...response("The lines, as CSV", [
              "ETag",
              "Cache-Control",
              "Content-Disposition",
              "X-Export-Truncated",
            ]),
            content: {
              "text/csv": {
                schema: { type: "string", maxLength: 20_000_000 },
                example:
                  "time,request_id,key,method,path,query,status,error_code,duration_ms\r\n2026-11-27T09:14:03.512Z,req_Q2xN7kLm3pR5tVw8,jsk_…Ab3d,GET,/v1/jobs,per_page=5000,400,invalid_parameter,1.84\r\n",
              },
            },
          },
          304: response("Not modified: no new line matches since the copy you have (If-None-Match).", [
            "ETag",
            "Cache-Control",
          ]),
          ...signedInReadErrors(),
          503: SITE_UNAVAILABLE,
        },
        "x-codeSamples": samples({
          method: "GET",
          path: "/api/keys/requests",
          query: { status: "4xx" },
          auth: "session",
        }),
      },
    },
    "/api/keys/alerts": {
      post: {
        operationId: "setUsageAlerts",
        tags: ["Studio"],
        summary: "Turn usage alerts on or off",
        description: `Whether the signed-in user is e-mailed when their requests reach 80 % and 100 % of the daily and of the monthly quota (once per window; on by default). Alerts already queued are not sent once this is off.\n\n${SITE}`,
        security: [{ Session: [] }],
        requestBody: {
          required: true,
          content: jsonContent(jsonSchema(AlertsSettingSchema), {
            off: { summary: "Turn alerts off", value: { enabled: false } },
          }),
        },
        responses: {
          200: {
            ...response("The setting from now on", []),
            content: jsonContent(ref("AlertsSettingResponse"), {
              off: { summary: "Alerts off", value: { usage_alerts: false } },
            }),
          },
          400: errorResponse(
            'invalid_parameter: the body is not {"enabled": true|false}.',
            ["alerts_body"],
            [],
          ),
          401: errorResponse("not_signed_in: no valid session cookie.", ["not_signed_in"], []),
          ...siteErrors(),
          503: SITE_UNAVAILABLE,
        },
        "x-codeSamples": samples({
          method: "POST",
          path: "/api/keys/alerts",
          auth: "session",
          body: { enabled: false },
        }),
      },
    },
  };
}
