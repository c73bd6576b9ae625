// The OpenAPI 3.1 document, generated from the zod schemas the handlers validate with.
import { AlertsSettingResponseSchema } from "../../alerts/settings";
import { sessionCookieName } from "../../auth/session";
import { ChangesResponseSchema } from "../../catalog/change-schemas";
import { JobDuplicatesResponseSchema } from "../../catalog/duplicate-schemas";
import { FacetsResponseSchema } from "../../catalog/facet-schemas";
import { JobSchema, JobSearchResponseSchema } from "../../catalog/job-schemas";
import { PayResponseSchema } from "../../catalog/pay";
import { SalaryHistoryResponseSchema, SalaryResponseSchema } from "../../catalog/salary-schemas";
import { env } from "../../core/env";
import { TIERS } from "../../core/plans";
import {
  ConfirmCheckResponseSchema,
  ConfirmResponseSchema,
  RegisterResponseSchema,
  RevokeResponseSchema,
} from "../../keys/schemas";
import { UsageResponseSchema } from "../../quota/usage";
import { SavedSearchEventSchema } from "../../saved-searches/schemas";
import { ErrorBodySchema } from "../schemas";
import { codeSamples } from "./code-samples";
import { headerComponents } from "./headers";
import { type Json, jsonSchema } from "./json-schema";
import { billingPaths } from "./paths-billing";
import { catalogPaths } from "./paths-catalog";
import { keyPaths } from "./paths-keys";
import { withFacetBounds } from "./stated-bounds";
import { savedSearchWebhooks } from "./webhooks";

const TAGS = [
  {
    name: "Jobs",
    description:
      "Search the job catalog and fetch one job. The catalog is a snapshot an operator imports, not a live mirror of applicant tracking systems.",
  },
  { name: "Salaries", description: "Median advertised salaries per country and per city." },
  { name: "Keys", description: "What the holder of a key can do with it: see its usage, revoke it." },
  {
    name: "Studio",
    description:
      "The routes the site's own pages call with the signed-in session (register, confirm, revoke). Listed for completeness: API clients do not need them.",
  },
  {
    name: "Saved searches",
    description:
      "What this service sends to a saved search's webhook after each import (saved in the Studio).",
  },
  { name: "OpenAPI", description: "This document, public and under /v1." },
];

function description(origin: string): string {
  const plans = Object.values(TIERS)
    .map(
      (t) =>
        `${t.name} ${t.daily.toLocaleString("en-US")}/day and ${t.monthly.toLocaleString("en-US")}/month`,
    )
    .join("; ");
  return [
    "A read-only JSON API over a job catalog snapshot and location salary medians. Send your key in the `X-API-Key` header, never in the URL.",
    `Plans: ${plans}. Days reset at 00:00 UTC, months at 00:00 UTC on the 1st; every request uses one unit of both.`,
    "**What is charged:** every answer to a valid key, a 400 or 404 included. Given back: a 304 Not Modified, a 405 and any 5xx. Free: a 429 and answers without a valid key (401, `key_in_query`), which count against the calling address's daily keyless limit instead.",
    `Getting started, limits and what counts against your quota: [${origin}/docs](${origin}/docs).`,
  ].join("\n\n");
}

/** Header components no response refers to are dropped (each exists required and optional). */
function withoutUnusedHeaders(doc: Json): Json {
  const text = JSON.stringify(doc);
  const components = doc.components as { headers: Record<string, Json> };
  for (const name of Object.keys(components.headers)) {
    if (!text.includes(`"#/components/headers/${name}"`)) delete components.headers[name];
  }
  return doc;
}

let cached: Json | undefined;

export function openApiDocument(): Json {
  if (cached) return cached;
  const origin = env().APP_URL;
  const cookie = sessionCookieName();
  const samples = (r: Parameters<typeof codeSamples>[1]) => codeSamples(origin, r, cookie);
  cached = withoutUnusedHeaders({
    openapi: "3.1.0",
    info: {
      title: "Jobs & Salary Lookup API",
      version: "1.0.0",
      description: description(origin),
      contact: { name: "Jobs & Salary API support", url: `${origin}/docs#support` },
      license: { name: "Proprietary: all rights reserved", url: `${origin}/docs#license` },
    },
    externalDocs: { description: "Getting started", url: `${origin}/docs` },
    // The relative one lets tools that loaded the document from another name of this host
    // (127.0.0.1 in development, an internal address) call that same origin.
    servers: [
      {
        url: origin,
        description: "This deployment (production, or local in development)",
        "x-internal": false,
      },
      {
        url: "/",
        description: "The origin this document was loaded from (production, or local in development)",
        "x-internal": false,
      },
    ],
    tags: TAGS,
    security: [{ ApiKey: [] }],
    paths: { ...catalogPaths(samples), ...keyPaths(samples), ...billingPaths(samples) },
    webhooks: savedSearchWebhooks(),
    components: {
      securitySchemes: {
        ApiKey: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description:
            "`jsk_` and 36 base62 characters, e-mailed once when you register in the Studio. Never in the URL: that is a 400 `key_in_query`.",
        },
        Session: {
          type: "apiKey",
          in: "cookie",
          name: cookie,
          description: "The site's signed-in session (sign in at /signin).",
        },
      },
      schemas: {
        Job: jsonSchema(JobSchema),
        JobSearchResponse: jsonSchema(JobSearchResponseSchema),
        JobDuplicatesResponse: jsonSchema(JobDuplicatesResponseSchema),
        ChangesResponse: jsonSchema(ChangesResponseSchema),
        SavedSearchEvent: jsonSchema(SavedSearchEventSchema),
        FacetsResponse: withFacetBounds(jsonSchema(FacetsResponseSchema)),
        SalaryResponse: jsonSchema(SalaryResponseSchema),
        SalaryHistoryResponse: jsonSchema(SalaryHistoryResponseSchema),
        PayResponse: jsonSchema(PayResponseSchema),
        UsageResponse: jsonSchema(UsageResponseSchema),
        RevokeResponse: jsonSchema(RevokeResponseSchema),
        AlertsSettingResponse: jsonSchema(AlertsSettingResponseSchema),
        RegisterResponse: jsonSchema(RegisterResponseSchema),
        ConfirmResponse: jsonSchema(ConfirmResponseSchema),
        ConfirmCheckResponse: jsonSchema(ConfirmCheckResponseSchema),
        Error: jsonSchema(ErrorBodySchema),
      },
      headers: headerComponents(),
    },
  });
  return cached;
}
