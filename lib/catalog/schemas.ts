// Request and response schemas of the catalog endpoints: used for validation and the API reference.
import { z } from "zod";
import { TimeZoneSchema } from "../time";
import { resolveCountryFilter, toAlpha2 } from "./countries";
import { PER_PAGE_DEFAULT, PER_PAGE_MAX, TITLE_MAX_LENGTH } from "./limits";

// Digits only: "0x10", "1e1" and "1.0" are refused rather than guessed at.
const wholeNumber = (label: string) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, "must be a whole number")
    .transform(Number)
    .describe(label);

const TitleSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(TITLE_MAX_LENGTH, `must be at most ${TITLE_MAX_LENGTH} characters`)
  .refine((t) => /[\p{L}\p{N}]/u.test(t), "must contain a letter or digit");

export const JobSearchQuerySchema = z.object({
  title: TitleSchema.optional().describe(
    "Free-text title filter; case and word order do not matter, words match as prefixes; up to 8 words are used",
  ),
  country: z
    .string()
    .refine(
      (c) => resolveCountryFilter(c) !== null,
      "must be an ISO 3166-1 alpha-2 or alpha-3 code, or a region code (EU, EEA, DACH, NORDICS)",
    )
    .optional()
    .describe("ISO 3166-1 alpha-2/alpha-3 country code or region code"),
  page: wholeNumber("Page number")
    .pipe(z.number().int().min(1, "must be at least 1"))
    .default(1)
    .describe("Page number, from 1; page × per_page may not exceed 10000"),
  per_page: wholeNumber("Page size")
    .pipe(z.number().int().min(1, "must be at least 1").max(PER_PAGE_MAX, `must be at most ${PER_PAGE_MAX}`))
    .default(PER_PAGE_DEFAULT)
    .describe("Page size"),
  tz: TimeZoneSchema.optional(),
});

export const JOB_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const JobQuerySchema = z.object({ tz: TimeZoneSchema.optional() });
export const JobIdSchema = z.string().regex(JOB_ID_PATTERN);

export const SalaryQuerySchema = z.object({
  country: z
    .string()
    .refine((c) => toAlpha2(c) !== null, "must be an ISO 3166-1 alpha-2 or alpha-3 country code")
    .optional()
    .describe("ISO 3166-1 alpha-2/alpha-3 country code (preferred)"),
  title: TitleSchema.optional().describe("A location name (country or city), used when country is absent"),
  tz: TimeZoneSchema.optional(),
});

const nullable = <T extends z.ZodType>(s: T) => s.nullable();

export const JobSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  apply_url: z.string().describe('http(s) or mailto link, or "" when the job has none'),
  location: z.string(),
  city: nullable(z.string()),
  country: z.string().length(2),
  employment_type: nullable(z.enum(["full_time", "part_time", "contract", "temporary", "internship"])),
  salary_min: nullable(z.number().int()),
  salary_max: nullable(z.number().int()),
  salary_currency: nullable(z.string().length(3)),
  salary_period: nullable(z.enum(["year", "month", "hour"])),
  posted_at: z.iso.datetime(),
});

export const JobSchema = JobSummarySchema.extend({
  description: z.string(),
  reset_local: z.string().optional().describe("Next daily reset in the tz zone, when tz is given"),
});

export const JobSearchResponseSchema = z.object({
  items: z.array(JobSummarySchema).max(PER_PAGE_MAX),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    total_pages: z.number().int(),
    max_page: z.number().int().describe("Deepest page that can be requested at this per_page"),
    has_more: z.boolean(),
    next_page: nullable(z.number().int()),
    prev_page: nullable(z.number().int()),
    reset_local: z.string().optional(),
  }),
});

export const SalaryResponseSchema = z.object({
  matched_on: z.enum(["country", "title_as_location"]),
  level: z.enum(["country", "city"]),
  location: z.string(),
  country: z.string().length(2),
  median: z.number().int(),
  currency: z.string().length(3),
  period: z.enum(["year", "month", "hour"]),
  sample_size: z.number().int(),
  as_of: z.iso.date(),
  reset_local: z.string().optional(),
});

export type JobSummary = z.infer<typeof JobSummarySchema>;
export type Job = z.infer<typeof JobSchema>;
export type JobSearchQuery = z.output<typeof JobSearchQuerySchema>;
export type SalaryResponse = z.infer<typeof SalaryResponseSchema>;
