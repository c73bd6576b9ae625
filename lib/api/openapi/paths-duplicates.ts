// GET /v1/jobs/{id}/duplicates: the other postings of a job's group.
import { JobDuplicatesQuerySchema } from "../../catalog/duplicate-schemas";
import { JOB_ID_PATTERN } from "../../catalog/schemas";
import type { CodeSample, SampleRequest } from "./code-samples";
import { RATE } from "./headers";
import { type Json, jsonContent, queryParameters, ref } from "./json-schema";
import { notFound } from "./paths-catalog";
import { conditional, type Responses } from "./responses";

const COPY = {
  title: "Intern Product Manager - Performance Marketing",
  company: "Cedarlogic SE",
  apply_url: "https://careers.cedarlogic.example.com/jobs/job-0000008",
  location: "Berlin, Germany",
  city: "Berlin",
  country: "DE",
  employment_type: "internship",
  remote: "hybrid",
  seniority: "intern",
  salary_min: null,
  salary_max: null,
  salary_currency: null,
  salary_period: null,
  salary_source: null,
  first_seen_at: "2026-11-21T06:00:00.000Z",
  last_seen_at: "2026-11-25T06:00:00.000Z",
  expires_at: null,
  latitude: 52.52437,
  longitude: 13.41053,
  duplicate_of: "job-0000008",
  duplicates: 0,
};

/** GET /v1/jobs/job-0000008/duplicates on the demo catalog: two reposts of one internship. */
export const DUPLICATES = {
  items: [
    { id: "job-0000026", ...COPY, posted_at: "2026-10-09T20:22:32.000Z" },
    { id: "job-0000161", ...COPY, posted_at: "2026-10-29T15:41:55.000Z" },
  ],
  meta: { canonical_id: "job-0000008", total: 2, has_more: false },
};

export function duplicatesPath(o: {
  samples: (r: SampleRequest) => CodeSample[];
  errors: Responses;
  headerParameters: Json[];
  charged: string;
}): Json {
  return {
    get: {
      operationId: "listJobDuplicates",
      tags: ["Jobs"],
      summary: "List a job's copies",
      description: `The other postings of the same job: reposts under new ids and copies by agencies or other boards, which the import found near-identical (same title, country and city; the same text, give or take a few lines) and which searches, facets and totals count once. For the job searches show (\`duplicate_of: null\`), its copies; for a copy, that job first, then the other copies. Earliest seen first, up to 100 (\`meta.total\` counts them all). A job without copies gives an empty list; an id not in the catalog is a 404.\n\n${o.charged}`,
      parameters: [
        {
          name: "id",
          in: "path",
          required: true,
          description: "A job's id: one searches show, or a copy's (its duplicate_of names the other).",
          schema: { type: "string", pattern: JOB_ID_PATTERN.source, maxLength: 64 },
          example: "job-0000008",
        },
        ...queryParameters(JobDuplicatesQuerySchema, {}, {}),
        ...o.headerParameters,
      ],
      responses: {
        ...conditional(
          jsonContent(ref("JobDuplicatesResponse"), {
            reposts: { summary: "An internship posted three times", value: DUPLICATES },
          }),
          RATE,
        ),
        ...o.errors,
        ...notFound("not_found: no job with this id in the current catalog (charged).", "job_not_found"),
      },
      "x-codeSamples": o.samples({ method: "GET", path: "/v1/jobs/job-0000008/duplicates", auth: "key" }),
    },
  };
}
