// GET /v1/jobs/facets, and what it shares with GET /v1/jobs: the filters' examples and rules.

import { FacetsQuerySchema } from "../../catalog/facet-schemas";
import { TOTAL_COUNT_CAP } from "../../catalog/filtered-search";
import { COUNT_DEADLINE_MS } from "../../catalog/totals";
import type { CodeSample, SampleRequest } from "./code-samples";
import { FACETS } from "./examples-filters";
import { RATE } from "./headers";
import { type Json, jsonContent, queryParameters, ref } from "./json-schema";
import { conditional, type Responses } from "./responses";

const cap = TOTAL_COUNT_CAP.toLocaleString("en-US");

/**
 * The filter parameters' examples, shown beside each parameter. They illustrate values, not one
 * request (`posted_within_days` and `posted_after` exclude each other), so the try-it does not
 * send them.
 */
export const FILTER_EXAMPLES = {
  q: '"data engineer" spark -intern',
  exclude_company: "Riversoft GmbH|Juniper Tech AG",
  spellcheck: "false",
  highlight: "true",
  city: "Berlin",
  remote: "remote,hybrid",
  employment_type: "full_time,contract",
  seniority: "senior,lead",
  company: "Riversoft GmbH",
  salary_min: 70000,
  salary_max: 120000,
  salary_source: "stated",
  include_unsalaried: "false",
  posted_within_days: 30,
  seen_within_days: 7,
  posted_after: "2026-11-01",
  near: "Leeds, GB",
  radius_km: 50,
};

export const KEYWORDS_DESCRIPTION = `**Keywords:** \`q\` searches title, company and description: every word must match (\`python django\`); \`"quoted phrases"\` match words in that order; \`-word\` and \`-"phrase"\` exclude; \`OR\` (capitals) between words or phrases matches either (\`kafka OR airflow\`). Case, accents and English word forms (plurals, -ing, -ed) do not matter; other languages are matched without accents but not stemmed. Common abbreviations also find what they stand for (\`k8s\` → kubernetes, \`swe\` → software engineer); a word that matches no job is corrected to the closest word of the catalog (\`spellcheck=false\` turns that off); \`meta.query\` says what was searched, corrected and expanded. With \`q\`, relevance is the default order: jobs whose title holds every word first, then the rest, newest first. \`exclude_company\` leaves out companies (exact names, \`|\`-separated); \`highlight=true\` adds to each row a description snippet with the matched ranges.`;

export const FILTERS_DESCRIPTION = `Filters combine (AND); a list parameter (\`remote\`, \`employment_type\`, \`seniority\`) matches any of its values, and an unknown value is a 400 naming the parameter. \`city\` needs one country (\`country=DE\` or \`city=Berlin, DE\`). \`salary_min\`/\`salary_max\` compare the advertised range, annualised (hour × 2080, month × 12), in the currency of the one country given (a region or none is a 400 naming the parameter), and leave out jobs without a salary unless \`include_unsalaried=true\`; so do the salary sorts. \`salary_source=stated\` keeps only jobs whose salary the source gave in structured fields (\`parsed\`: only those whose salary the importer read from the description); it leaves out jobs without a salary, so it does not combine with \`include_unsalaried=true\`. \`posted_within_days\` and \`posted_after\` exclude each other. \`near\` (a city, \`"Leeds, GB"\`, or \`"52.52,13.40"\`) keeps jobs within \`radius_km\` (default 25) of it by their own coordinates, remote ones included, and adds \`distance_km\` to each row; a name several places share, or none, is a 400 naming \`near\` with the candidates or the closest names. **Totals:** \`meta.total\` is exact for title and country/region alone, for any mix of country, remote, employment type and seniority without a title, and near a place with at most a title and country when every city within reach lies wholly within the radius (counts kept at import; near a place with a title, when they are added up within ${COUNT_DEADLINE_MS} ms). Otherwise matches are counted up to ${cap} and for at most ${COUNT_DEADLINE_MS} ms: past ${cap}, \`total\` is ${cap}; out of time, it is the matches up to this page; in both cases \`meta.total_exact\` is false and \`total\` is a lower bound, never a guess.`;

/** What the operation shares with the others of paths-catalog.ts: samples, errors, headers, charging. */
export type Shared = {
  samples: (r: SampleRequest) => CodeSample[];
  errors: Responses;
  headerParameters: Json[];
  charged: string;
};

export function facetsPath({ samples, errors, headerParameters, charged }: Shared): Json {
  return {
    get: {
      operationId: "getJobFacets",
      tags: ["Jobs"],
      summary: "Facets of a search",
      description: `What the jobs a search matches are made of, in one call: counts by country, employment type, work arrangement (\`remote\`) and seniority (\`value: null\` counts jobs that do not say), the ten companies with most matches, and a histogram of annualised advertised salaries per currency. Takes the same filters as GET /v1/jobs (no paging, no sort). The counts cover the first 10,000 matches in search order (best title match, then newest); \`meta.exact\` is false when more matched, and \`meta.total\` follows the search's rule. ${FILTERS_DESCRIPTION}\n\n${charged}`,
      parameters: [
        ...queryParameters(
          FacetsQuerySchema,
          { title: "engineer", country: "DE", remote: FILTER_EXAMPLES.remote },
          { ...FILTER_EXAMPLES, tz: "Europe/Berlin" },
        ),
        ...headerParameters,
      ],
      responses: {
        ...conditional(
          jsonContent(ref("FacetsResponse"), {
            facets: { summary: "Remote or hybrid engineering jobs in Germany", value: FACETS },
          }),
          RATE,
        ),
        ...errors,
      },
      "x-codeSamples": samples({
        method: "GET",
        path: "/v1/jobs/facets",
        query: { title: "engineer", country: "DE", remote: "remote,hybrid" },
        auth: "key",
      }),
    },
  };
}
