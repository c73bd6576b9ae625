// A job's fields as the catalog endpoints answer them, and the search response: used for
// validation and the API reference. The queries' schemas are in schemas.ts.
import { z } from "zod";
import { HighlightSchema, QueryMetaSchema } from "./keyword-schemas";
import { MAX_RESULT_WINDOW, PER_PAGE_MAX } from "./limits";
import {
  EMPLOYMENT_TYPES,
  JOB_ID_PATTERN,
  PAY_PERIODS,
  REMOTE_VALUES,
  SALARY_SOURCES,
  SENIORITY_VALUES,
} from "./schemas";

const PERIODS_PER_YEAR = { year: 1, month: 12, hour: 2080 } as const;
const SALARY_CEILING = 2_000_000_000;

const nullable = <T extends z.ZodType>(s: T) => s.nullable();

/** An advertised amount per year: 40 h × 52 weeks for hourly pay; capped to fit an INTEGER. */
export function annualise(amount: number, period: (typeof PAY_PERIODS)[number]): number {
  return Math.min(SALARY_CEILING, Math.round(amount * PERIODS_PER_YEAR[period]));
}

// A response's bounds are the importer's (lib/catalog/import/records.ts): what it stores is all
// a response can hold.
export const salaryAmount = () => z.number().int().min(0).max(SALARY_CEILING);
/** Counts and page numbers: never negative, and an INTEGER column's range at most. */
export const countInt = () => z.number().int().min(0).max(2_147_483_647);
export const ResetLocalSchema = z.string().max(40);

/** With collapse=false, each job lists at most this many of its copies. */
export const COPIES_LISTED = 20;

/** A job's fields as a search row shows them (a copy's too). */
export const JobRowSchema = z.object({
  id: z.string().regex(JOB_ID_PATTERN).max(64),
  title: z.string().max(300),
  company: z.string().max(200),
  apply_url: z.string().max(2048).describe('http(s) or mailto link, or "" when the job has none'),
  location: z.string().max(200),
  city: nullable(z.string().max(120)),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .length(2),
  employment_type: nullable(z.enum(EMPLOYMENT_TYPES)),
  remote: nullable(z.enum(REMOTE_VALUES)).describe(
    "remote, hybrid or on_site; null when the source does not say",
  ),
  seniority: nullable(z.enum(SENIORITY_VALUES)).describe(
    "Seniority level; null when the source does not say",
  ),
  salary_min: nullable(salaryAmount()),
  salary_max: nullable(salaryAmount()),
  salary_currency: nullable(
    z
      .string()
      .regex(/^[A-Z]{3}$/)
      .length(3),
  ),
  salary_period: nullable(z.enum(PAY_PERIODS)),
  salary_source: nullable(z.enum(SALARY_SOURCES)).describe(
    "Where the salary comes from: stated (the source's structured pay fields) or parsed (read from the posting's text by the importer); null without a salary. Never an estimate",
  ),
  posted_at: z.iso.datetime().max(30),
  first_seen_at: nullable(z.iso.datetime().max(30)).describe(
    "When this catalog first held a job with this id, kept across imports (an employer's posted_at can be reset or left old; this cannot). null for jobs imported before ages were kept",
  ),
  last_seen_at: nullable(z.iso.datetime().max(30)).describe(
    "When the import that holds this job read it from its source: the latest time the job was seen there",
  ),
  expires_at: nullable(z.iso.datetime().max(30)).describe(
    "When the source stops advertising the job (a JobPosting's validThrough, or the feed's expires_at); null when it gave none",
  ),
  highlight: HighlightSchema.optional().describe("With q and highlight=true"),
  latitude: nullable(z.number().min(-90).max(90)).describe(
    "WGS84 degrees: the posting's own, else its city's centre; null when unknown",
  ),
  longitude: nullable(z.number().min(-180).max(180)).describe("WGS84 degrees; null when unknown"),
  distance_km: z
    .number()
    .min(0)
    .optional()
    .describe(
      "With near: great-circle distance from the place to the job's coordinates, in km, down to the 0.1",
    ),
  duplicate_of: nullable(z.string().regex(JOB_ID_PATTERN).max(64)).describe(
    "On a copy (the same job posted again, or by an agency), the id of the job searches show for it; null on that job and on jobs without copies",
  ),
  duplicates: countInt().describe(
    "How many copies of this job the catalog holds (GET /v1/jobs/{id}/duplicates)",
  ),
});

export const JobSummarySchema = JobRowSchema.extend({
  copies: z
    .array(JobRowSchema)
    .max(COPIES_LISTED)
    .optional()
    .describe(`With collapse=false: this job's copies, earliest seen first (at most ${COPIES_LISTED})`),
});

export const JobSchema = JobSummarySchema.extend({
  description: z.string().max(50_000),
  pay_percentile: z
    .number()
    .int()
    .min(0)
    .max(99)
    .nullable()
    .describe(
      "Where this job's pay stands: the whole percent of salaried jobs with the same title, country and currency whose annualised pay (midpoint of the range) is below this one's. null without a salary, or with fewer than 10 such jobs",
    ),
  reset_local: ResetLocalSchema.optional().describe("Next daily reset in the tz zone, when tz is given"),
});

export const JobSearchResponseSchema = z.object({
  items: z.array(JobSummarySchema).max(PER_PAGE_MAX),
  meta: z.object({
    total: countInt(),
    page: z.number().int().min(1).max(MAX_RESULT_WINDOW),
    per_page: z.number().int().min(1).max(PER_PAGE_MAX),
    total_pages: countInt(),
    max_page: z
      .number()
      .int()
      .min(1)
      .max(MAX_RESULT_WINDOW)
      .describe("Deepest page that can be requested at this per_page"),
    has_more: z.boolean(),
    next_page: nullable(z.number().int().min(2).max(MAX_RESULT_WINDOW)),
    prev_page: nullable(z.number().int().min(1).max(MAX_RESULT_WINDOW)),
    total_exact: z
      .boolean()
      .describe("false when total is a lower bound: the search matched more jobs than were counted"),
    reset_local: ResetLocalSchema.optional(),
    query: QueryMetaSchema.optional().describe("With q: what was searched"),
  }),
});

export type JobSummary = z.infer<typeof JobSummarySchema>;
export type Job = z.infer<typeof JobSchema>;
