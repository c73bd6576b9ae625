// The catalog's operations (/v1) and the document itself.
import { MAX_RESULT_WINDOW, PER_PAGE_MAX } from "../../catalog/limits";
import { JOB_ID_PATTERN, JobQuerySchema, JobSearchQuerySchema } from "../../catalog/schemas";
import type { CodeSample, SampleRequest } from "./code-samples";
import { EXAMPLE_JOB_ID, JOB, SEARCH } from "./examples";
import { FILTERED_SEARCH, NEAR_SEARCH } from "./examples-filters";
import { RATE } from "./headers";
import { type Json, jsonContent, queryParameters, ref, withExample } from "./json-schema";
import { changesPath } from "./paths-changes";
import { duplicatesPath } from "./paths-duplicates";
import { FILTER_EXAMPLES, FILTERS_DESCRIPTION, facetsPath, KEYWORDS_DESCRIPTION } from "./paths-facets";
import { payPath } from "./paths-pay";
import { salaryPaths } from "./paths-salary";
import { conditional, errorResponse, keyedErrors, type Responses } from "./responses";

export type Samples = (r: SampleRequest) => CodeSample[];

export const TZ_EXAMPLE = "Europe/Berlin";

// The optional headers carry their example in the description only: the try-it sends every
// example it finds, and an ETag from another catalog would only ever answer 200.
export const IF_NONE_MATCH = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: withExample(
    "The ETag of a copy you hold (or a list of them, or `*`), from that answer's ETag header: the answer is then a 304 with no body when nothing changed, and costs no quota",
    'W/"EfatjsUqKYSrqv18O1FlA3hcIHI"',
  ),
  // Any one header is bounded by the server's header limit (16 KB for all of them; a 431 beyond).
  schema: { type: "string", maxLength: 16384 },
};

export const CLIENT_TIMEZONE = {
  name: "X-Client-Timezone",
  in: "header",
  required: false,
  description: withExample(
    "IANA time zone, like `tz` (which wins when both are sent): adds `reset_local`",
    TZ_EXAMPLE,
  ),
  schema: { type: "string", maxLength: 16384 },
};

export const CHARGED =
  "**Charged:** one unit of your daily and monthly quota, also for a 400 or 404 (the work was done). Given back: a 304, a 405 and any 5xx. Not charged: 401, 429 and `key_in_query` (they count against the calling address's keyless limit instead).";

/** 404 of a keyed GET: the key's rate-limit headers, charged. */
export const notFound = (
  description: string,
  kind: "job_not_found" | "salary_not_found" | "salary_history_not_found",
): Responses => ({
  404: errorResponse(description, [kind], RATE),
});

export function catalogPaths(samples: Samples): Json {
  const v1Errors = (badRequest: Parameters<typeof keyedErrors>[0]["badRequest"]) =>
    keyedErrors({ badRequest, consumes: true, keyedRefusal: true });
  return {
    "/v1/jobs": {
      get: {
        operationId: "searchJobs",
        tags: ["Jobs"],
        summary: "Search jobs",
        description: `Jobs whose title matches every word of \`title\` (case and order do not matter; words of two or more letters also match as prefixes), in a country or region, best match first, then newest (\`sort\` changes the order). ${KEYWORDS_DESCRIPTION} ${FILTERS_DESCRIPTION} Paging: \`page\` × \`per_page\` may not exceed ${MAX_RESULT_WINDOW.toLocaleString("en-US")} (\`meta.max_page\` is the deepest page for your \`per_page\`; a deeper one is a 400, never a silent empty page). The Link header has next, prev, first and last. Rows carry every job field except \`description\`.\n\n${CHARGED}`,
        parameters: [
          ...queryParameters(
            JobSearchQuerySchema,
            { title: "engineer", country: "DE", page: 2, per_page: 2 },
            { ...FILTER_EXAMPLES, sort: "salary_desc", collapse: "false", tz: TZ_EXAMPLE },
          ),
          IF_NONE_MATCH,
          CLIENT_TIMEZONE,
        ],
        responses: {
          ...conditional(
            jsonContent(ref("JobSearchResponse"), {
              page: {
                summary: `Page 2 of "engineer" in Germany, 2 per page (of up to ${PER_PAGE_MAX})`,
                value: SEARCH,
              },
              filtered: {
                summary:
                  "Remote or hybrid engineers in Germany paying 70,000 EUR a year or more, best paid first",
                value: FILTERED_SEARCH,
              },
              near: {
                summary: "Jobs within 50 km of Leeds, nearest first",
                value: NEAR_SEARCH,
              },
            }),
            RATE,
            ["Link"],
          ),
          ...v1Errors(["invalid_parameter", "salary_needs_country"]),
        },
        "x-codeSamples": samples({
          method: "GET",
          path: "/v1/jobs",
          query: { title: "engineer", country: "DE", per_page: "2", page: "2" },
          auth: "key",
        }),
      },
    },
    "/v1/jobs/facets": facetsPath({
      samples,
      errors: v1Errors(["invalid_parameter", "salary_needs_country"]),
      headerParameters: [IF_NONE_MATCH, CLIENT_TIMEZONE],
      charged: CHARGED,
    }),
    "/v1/jobs/pay": payPath({
      samples,
      errors: v1Errors(["invalid_parameter", "salary_needs_country"]),
      headerParameters: [IF_NONE_MATCH, CLIENT_TIMEZONE],
      charged: CHARGED,
    }),
    "/v1/jobs/changes": changesPath({
      samples,
      errors: v1Errors(["invalid_parameter"]),
      headerParameters: [IF_NONE_MATCH, CLIENT_TIMEZONE],
      charged: CHARGED,
    }),
    "/v1/jobs/{id}": {
      get: {
        operationId: "getJob",
        tags: ["Jobs"],
        summary: "Get one job",
        description: `One job, flattened, with its description. The salary fields are the advertised range, \`null\` when the job advertises none. \`apply_url\` is an http(s) or mailto link, or \`""\`. An id that cannot be an id is a 400 naming \`id\`; a well-formed id that is not in the catalog is a 404.\n\n${CHARGED}`,
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            description: "The job's id, as in search results.",
            schema: { type: "string", pattern: JOB_ID_PATTERN.source, maxLength: 64 },
            example: EXAMPLE_JOB_ID,
          },
          ...queryParameters(JobQuerySchema, {}, { tz: TZ_EXAMPLE }),
          IF_NONE_MATCH,
          CLIENT_TIMEZONE,
        ],
        responses: {
          ...conditional(jsonContent(ref("Job"), { job: { summary: EXAMPLE_JOB_ID, value: JOB } }), RATE),
          ...v1Errors(["invalid_id", "invalid_path"]),
          ...notFound("not_found: no job with this id in the current catalog (charged).", "job_not_found"),
        },
        "x-codeSamples": samples({ method: "GET", path: `/v1/jobs/${EXAMPLE_JOB_ID}`, auth: "key" }),
      },
    },
    "/v1/jobs/{id}/duplicates": duplicatesPath({
      samples,
      errors: v1Errors(["invalid_id", "invalid_path"]),
      headerParameters: [IF_NONE_MATCH],
      charged: CHARGED,
    }),
    ...salaryPaths(samples, v1Errors),
    "/openapi.json": {
      get: {
        operationId: "getOpenApi",
        tags: ["OpenAPI"],
        summary: "Get this document",
        description:
          "This OpenAPI 3.1 document. Public: no key, not metered, no rate-limit headers. Generate a client from it, or lint it.",
        security: [],
        parameters: [IF_NONE_MATCH],
        responses: {
          ...conditional(openApiContent(), []),
          405: errorResponse(
            "method_not_allowed: only GET (and HEAD, OPTIONS) are served here.",
            ["site_method_not_allowed"],
            ["Allow"],
          ),
          431: keyedErrors({ badRequest: [], consumes: false, keyedRefusal: false })[431],
          500: errorResponse("internal_error: a bug on our side.", ["internal_error"], []),
        },
        "x-codeSamples": samples({ method: "GET", path: "/openapi.json", auth: "none" }),
      },
    },
    "/v1/openapi.json": {
      get: {
        operationId: "getOpenApiKeyed",
        tags: ["OpenAPI"],
        summary: "Get this document under /v1",
        description: `The same document for clients that look for it under /v1: like every /v1 path it needs a key and is metered. Prefer the public /openapi.json.\n\n${CHARGED}`,
        parameters: [IF_NONE_MATCH],
        responses: {
          ...conditional(openApiContent(), RATE),
          ...v1Errors([]),
        },
        "x-codeSamples": samples({ method: "GET", path: "/v1/openapi.json", auth: "key" }),
      },
    },
  };
}

function openApiContent() {
  const abridged = {
    openapi: "3.1.0",
    info: { title: "Jobs & Salary Lookup API", version: "1.0.0" },
    paths: {},
  };
  return jsonContent(
    {
      type: "object",
      description: "An OpenAPI 3.1 document",
      properties: {
        openapi: { type: "string", const: "3.1.0" },
        info: { type: "object" },
        paths: { type: "object" },
      },
      required: ["openapi", "info", "paths"],
    },
    { document: { summary: "This document (abridged)", value: abridged } },
  );
}
