// Request and response schemas of GET /v1/jobs/facets: validation and the API reference.
import { z } from "zod";
import { QueryMetaSchema } from "./keyword-schemas";
import { EMPLOYMENT_TYPES, JobSearchQuerySchema, REMOTE_VALUES, SENIORITY_VALUES } from "./schemas";

const facetCounts = <T extends z.ZodType>(value: T, max: number) =>
  z
    .array(
      z.object({ value: value.nullable().describe("null: the jobs do not say"), count: z.number().int() }),
    )
    .max(max);

const payAmount = (label: string) =>
  z.number().int().min(0).max(2_000_000_000).describe(`${label} of the annualised salaries counted`);

/** The percentiles of the salaries counted (interpolated, as PostgreSQL's percentile_cont). */
export const PayPercentilesShape = {
  p10: payAmount("10th percentile"),
  p25: payAmount("25th percentile"),
  p50: payAmount("Median"),
  p75: payAmount("75th percentile"),
  p90: payAmount("90th percentile"),
};

export const FacetsQuerySchema = JobSearchQuerySchema.omit({
  page: true,
  per_page: true,
  sort: true,
  highlight: true,
  collapse: true,
});

export const FacetsResponseSchema = z.object({
  countries: facetCounts(z.string().length(2), 250),
  employment_types: facetCounts(z.enum(EMPLOYMENT_TYPES), EMPLOYMENT_TYPES.length + 1),
  remote: facetCounts(z.enum(REMOTE_VALUES), REMOTE_VALUES.length + 1),
  seniority: facetCounts(z.enum(SENIORITY_VALUES), SENIORITY_VALUES.length + 1),
  companies: z
    .array(z.object({ name: z.string(), count: z.number().int() }))
    .max(10)
    .describe("The ten companies with most matches"),
  salary_histograms: z
    .array(
      z.object({
        currency: z.string().length(3),
        period: z.literal("year"),
        count: z.number().int().describe("Matches with an advertised salary in this currency"),
        ...PayPercentilesShape,
        buckets: z
          .array(z.object({ min: z.number().int(), max: z.number().int(), count: z.number().int() }))
          .max(10)
          .describe("Annualised advertised salaries (midpoint of the range), min inclusive, max exclusive"),
      }),
    )
    .max(200)
    .describe("One histogram per currency, the most common first"),
  distance: z
    .array(
      z.object({
        min_km: z.number().int().min(0).max(100),
        max_km: z.number().int().min(10).max(100).nullable().describe("null: no upper bound"),
        count: z.number().int().min(0).max(2_147_483_647),
      }),
    )
    .max(5)
    .optional()
    .describe(
      "With near: matches by distance from the place, in km (0–10, 10–25, 25–50, 50–100, 100+; min inclusive, max exclusive); buckets that start at or beyond radius_km are left out",
    ),
  meta: z.object({
    total: z.number().int().describe("Matches, by the same rule as GET /v1/jobs meta.total"),
    total_exact: z.boolean(),
    counted: z.number().int().describe("Matches the facets were counted over (at most 10,000)"),
    exact: z
      .boolean()
      .describe("true when the facets cover every match; false: the first 10,000 in search order"),
    reset_local: z.string().optional(),
    query: QueryMetaSchema.optional().describe("With q: what was searched"),
  }),
});

export type Facets = z.infer<typeof FacetsResponseSchema>;
