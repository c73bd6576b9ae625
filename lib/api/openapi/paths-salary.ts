// The salary operations (/v1/salary, /v1/salary/history) of the API reference.
import { SALARY_HISTORY_MONTHS } from "../../catalog/limits";
import { SalaryQuerySchema } from "../../catalog/salary-schemas";
import { SALARY_BY_CITY, SALARY_BY_COUNTRY, SALARY_HISTORY } from "./examples";
import { RATE } from "./headers";
import { type Json, jsonContent, queryParameters, ref } from "./json-schema";
import { CHARGED, CLIENT_TIMEZONE, IF_NONE_MATCH, notFound, type Samples, TZ_EXAMPLE } from "./paths-catalog";
import { conditional, type keyedErrors, type Responses } from "./responses";

/** Both salary operations take a location the same way (a function: paths-catalog imports this file). */
const locationParameters = () => [
  ...queryParameters(SalaryQuerySchema, { country: "DE" }, { title: "Berlin", tz: TZ_EXAMPLE }),
  IF_NONE_MATCH,
  CLIENT_TIMEZONE,
];

export function salaryPaths(
  samples: Samples,
  v1Errors: (badRequest: Parameters<typeof keyedErrors>[0]["badRequest"]) => Responses,
): Json {
  return {
    "/v1/salary": {
      get: {
        operationId: "getSalary",
        tags: ["Salaries"],
        summary: "Get a location's median salary",
        description: `The median advertised salary of a country or city in the current snapshot: \`median\` in \`currency\` per \`period\`, over \`sample_size\` jobs, as of \`as_of\`; with \`p10\`, \`p25\`, \`p75\` and \`p90\` (the 10th, 25th, 75th and 90th percentiles) when the snapshot has them, each left out when it does not. Give \`country\` (preferred), or \`title\` as a place name: a country (\`Germany\`), a city (\`Berlin\`) or \`City, Country\` (\`Cambridge, US\`); when a city name exists in several countries, the largest sample wins. Region codes are refused: there is no regional median. Neither parameter is a 400; no match is a 404.\n\n${CHARGED}`,
        parameters: locationParameters(),
        responses: {
          ...conditional(
            jsonContent(ref("SalaryResponse"), {
              country: { summary: "country=DE", value: SALARY_BY_COUNTRY },
              city: { summary: "title=Berlin (a place name)", value: SALARY_BY_CITY },
            }),
            RATE,
          ),
          ...v1Errors(["invalid_parameter"]),
          ...notFound("not_found: no salary snapshot for this location (charged).", "salary_not_found"),
        },
        "x-codeSamples": samples({
          method: "GET",
          path: "/v1/salary",
          query: { country: "DE" },
          auth: "key",
        }),
      },
    },
    "/v1/salary/history": {
      get: {
        operationId: "getSalaryHistory",
        tags: ["Salaries"],
        summary: "Get a location's salary over time",
        description: `The same location's pay at every snapshot date kept: one point per \`as_of\`, oldest first, each with \`median\`, the percentiles its snapshot had, \`currency\`, \`period\` and \`sample_size\`. Points are kept for ${SALARY_HISTORY_MONTHS} months before the newest, after their snapshot's jobs are gone; a later import with the same \`as_of\` replaces that point. \`country\` and \`title\` work as on \`/v1/salary\`; a city name several countries share is the one \`/v1/salary\` answers for. At most 1,200 points, the newest. Neither parameter is a 400; no history for the location is a 404.\n\n${CHARGED}`,
        parameters: locationParameters(),
        responses: {
          ...conditional(
            jsonContent(ref("SalaryHistoryResponse"), {
              country: { summary: "country=DE, three monthly snapshots", value: SALARY_HISTORY },
            }),
            RATE,
          ),
          ...v1Errors(["invalid_parameter"]),
          ...notFound(
            "not_found: no salary history for this location (charged).",
            "salary_history_not_found",
          ),
        },
        "x-codeSamples": samples({
          method: "GET",
          path: "/v1/salary/history",
          query: { country: "DE" },
          auth: "key",
        }),
      },
    },
  };
}
