// GET /v1/jobs/pay: the advertised pay of a search's matches, in the API reference.
import { FacetsQuerySchema } from "../../catalog/facet-schemas";
import { PAY_SAMPLE_MIN } from "../../catalog/limits";
import { PAY } from "./examples-filters";
import { RATE } from "./headers";
import { type Json, jsonContent, queryParameters, ref } from "./json-schema";
import { FILTER_EXAMPLES, FILTERS_DESCRIPTION, type Shared } from "./paths-facets";
import { conditional, errorResponse } from "./responses";

export function payPath({ samples, errors, headerParameters, charged }: Shared): Json {
  return {
    get: {
      operationId: "getJobPay",
      tags: ["Jobs"],
      summary: "Advertised pay of a search",
      description: `What the jobs a search matches advertise: per currency, the 10th, 25th, 50th, 75th and 90th percentiles of their annualised salaries (the midpoint of each range; hour × 2080, month × 12), interpolated as PostgreSQL's percentile_cont, with the number of salaries they are over. The answer to "what do senior engineers in Germany advertise?" without the facets around it. Takes the same parameters as GET /v1/jobs/facets and reads the same sample: the first 10,000 matches in search order (\`meta.exact\` is false when more matched). A currency with fewer than ${PAY_SAMPLE_MIN} salaries is left out, and when none has that many the answer is a 404 \`insufficient_data\`, never a figure from a handful of postings. ${FILTERS_DESCRIPTION}\n\n${charged}`,
      parameters: [
        ...queryParameters(
          FacetsQuerySchema,
          { title: "engineer", country: "DE", seniority: "senior" },
          { ...FILTER_EXAMPLES, tz: "Europe/Berlin" },
        ),
        ...headerParameters,
      ],
      responses: {
        ...conditional(
          jsonContent(ref("PayResponse"), {
            pay: { summary: "Senior engineering jobs in Germany", value: PAY },
          }),
          RATE,
        ),
        ...errors,
        404: errorResponse(
          `insufficient_data: no currency has ${PAY_SAMPLE_MIN} advertised salaries among the matches read (charged).`,
          ["insufficient_data"],
          RATE,
        ),
      },
      "x-codeSamples": samples({
        method: "GET",
        path: "/v1/jobs/pay",
        query: { title: "engineer", country: "DE", seniority: "senior" },
        auth: "key",
      }),
    },
  };
}
