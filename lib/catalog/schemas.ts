// Query schemas of the catalog endpoints, and the values they take: used for validation and the
// API reference. The jobs' own fields and the search response are in job-schemas.ts.
import { z } from "zod";
import { parseInstant, TimeZoneSchema } from "../core/time";
import { resolveCountryFilter } from "./countries";
import { Q_MAX_LENGTH } from "./keywords/parse";
import { MAX_RESULT_WINDOW, PER_PAGE_DEFAULT, PER_PAGE_MAX, TITLE_MAX_LENGTH } from "./limits";

// Digits only: "0x10", "1e1" and "1.0" are refused rather than guessed at.
export const wholeNumber = (label: string) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(0).max(999_999_999))
    .describe(label);

export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "temporary", "internship"] as const;
/** How the work is done: fully remote, partly remote, or at the workplace. */
export const REMOTE_VALUES = ["remote", "hybrid", "on_site"] as const;
/** Seniority levels, from first job to the top: documented in docs/api.md. */
export const SENIORITY_VALUES = [
  "intern",
  "junior",
  "mid",
  "senior",
  "lead",
  "principal",
  "executive",
] as const;
export const PAY_PERIODS = ["year", "month", "hour"] as const;
/** stated: the source's structured salary fields; parsed: read from the posting's text. */
export const SALARY_SOURCES = ["stated", "parsed"] as const;

/** "remote,hybrid": one or more known values, comma-separated; an unknown one is pointed at. */
const valueList = <const V extends readonly [string, ...string[]]>(values: V) => {
  // Every value once, with room for spaces after the commas.
  const max = 2 * values.join(",").length;
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .transform((raw, ctx) => {
      const picked = [...new Set(raw.split(",").map((v) => v.trim()))];
      const unknown = picked.find((v) => !values.includes(v));
      if (unknown !== undefined)
        ctx.addIssue({
          code: "custom",
          // Values are never echoed in errors (callers' input may be a secret): the position says which one.
          message: `value ${picked.indexOf(unknown) + 1} is not one of ${values.join(", ")} (one or more, comma-separated)`,
        });
      return picked as V[number][];
    });
};

/** Codes and region names are short; the longest (NORDICS) has seven letters. */
export const COUNTRY_MAX_LENGTH = 16;
/** IANA zone names are at most a few dozen characters (America/Argentina/ComodRivadavia). */
export const ZoneSchema = TimeZoneSchema.max(64, "must be at most 64 characters");

export const SORT_ORDERS = [
  "relevance",
  "date",
  "salary_desc",
  "salary_asc",
  "distance",
  "first_seen",
] as const;

export const TitleSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(TITLE_MAX_LENGTH, `must be at most ${TITLE_MAX_LENGTH} characters`)
  .refine((t) => /[\p{L}\p{N}]/u.test(t), "must contain a letter or digit");

const booleanFlag = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((v) => v === "true");

/** exclude_company: up to this many names, separated by "|". */
export const EXCLUDE_COMPANY_MAX = 20;

// Searching near a place (lib/catalog/near.ts): docs/api.md#near-a-place.
const NEAR_PARAMETERS = {
  near: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(200, "must be at most 200 characters")
    .optional()
    .describe(
      'Jobs near a place: "Leeds, GB", "Springfield, MO, US", a city name one city dominates ("Berlin"), or "latitude,longitude" ("52.52,13.40"). An ambiguous or unknown name is a 400 listing candidates or suggestions',
    ),
  radius_km: wholeNumber("Radius in km")
    .pipe(z.number().int().min(1, "must be at least 1").max(500, "must be at most 500"))
    .optional()
    .describe("With near: how far from the place, in km (1–500, default 25), great-circle distance"),
};

export const JobSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(Q_MAX_LENGTH, `must be at most ${Q_MAX_LENGTH} characters`)
    .optional()
    .describe(
      'Keywords over title, company and description: all words must match; "quoted phrases"; -word or -"phrase" excludes; OR between alternatives. Case, accents and English word forms do not matter. Misspelt words are corrected (see meta.query)',
    ),
  exclude_company: z
    .string()
    // Twenty names of 200 characters with their separators and a space around each.
    .max(EXCLUDE_COMPANY_MAX * 203, `must be at most ${EXCLUDE_COMPANY_MAX * 203} characters`)
    .transform((raw, ctx) => {
      const names = [...new Set(raw.split("|").map((n) => n.trim()))];
      if (names.some((n) => n.length === 0 || n.length > 200))
        ctx.addIssue({
          code: "custom",
          message: "every name must have 1 to 200 characters (names separated by |)",
        });
      if (names.length > EXCLUDE_COMPANY_MAX)
        ctx.addIssue({ code: "custom", message: `at most ${EXCLUDE_COMPANY_MAX} names` });
      return names;
    })
    .optional()
    .describe('Leave out these companies (exact names, case-insensitive), separated by "|": Acme Ltd|Globex'),
  spellcheck: booleanFlag
    .optional()
    .describe("With q: correct words that match no job to the closest catalog word (default true)"),
  highlight: booleanFlag
    .optional()
    .describe(
      "With q: add to each row a snippet of its description around the first match, with the matched ranges",
    ),
  collapse: booleanFlag
    .optional()
    .describe(
      "false: list under each job its copies (the same job posted again, or by an agency). Searches, facets and totals count each job once either way (default true)",
    ),
  title: TitleSchema.optional().describe(
    "Free-text title filter; case and word order do not matter, words match as prefixes; up to 8 words are used",
  ),
  country: z
    .string()
    .max(COUNTRY_MAX_LENGTH, `must be at most ${COUNTRY_MAX_LENGTH} characters`)
    .refine(
      (c) => resolveCountryFilter(c) !== null,
      "must be an ISO 3166-1 alpha-2 or alpha-3 code, or a region code (EU, EEA, DACH, NORDICS)",
    )
    .optional()
    .describe("ISO 3166-1 alpha-2/alpha-3 country code or region code"),
  page: wholeNumber("Page number")
    .pipe(
      z
        .number()
        .int()
        .min(1, "must be at least 1")
        .max(MAX_RESULT_WINDOW, `must be at most ${MAX_RESULT_WINDOW} (page × per_page may not exceed it)`),
    )
    .default(1)
    .describe("Page number, from 1; page × per_page may not exceed 10000"),
  per_page: wholeNumber("Page size")
    .pipe(z.number().int().min(1, "must be at least 1").max(PER_PAGE_MAX, `must be at most ${PER_PAGE_MAX}`))
    .default(PER_PAGE_DEFAULT)
    .describe("Page size"),
  city: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(160, "must be at most 160 characters")
    .optional()
    .describe('City, case-insensitive: "Berlin" with a single country, or "Berlin, DE"'),
  remote: valueList(REMOTE_VALUES)
    .optional()
    .describe("remote, hybrid, on_site; one or more, comma-separated"),
  employment_type: valueList(EMPLOYMENT_TYPES)
    .optional()
    .describe("full_time, part_time, contract, temporary, internship; one or more, comma-separated"),
  seniority: valueList(SENIORITY_VALUES)
    .optional()
    .describe("intern, junior, mid, senior, lead, principal, executive; one or more, comma-separated"),
  company: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(200, "must be at most 200 characters")
    .optional()
    .describe("Company name, exact but case-insensitive"),
  salary_min: wholeNumber("Lowest annual salary")
    .optional()
    .describe(
      "Jobs whose advertised salary, annualised, reaches at least this (currency of the single country filter)",
    ),
  salary_max: wholeNumber("Highest annual salary")
    .optional()
    .describe("Jobs whose advertised salary, annualised, starts at or below this"),
  salary_source: z
    .enum(SALARY_SOURCES, { error: `must be one of ${SALARY_SOURCES.join(", ")}` })
    .optional()
    .describe(
      "Only jobs whose salary has this source: stated (the source's structured pay fields) or parsed (read from the description by the importer). Leaves out jobs without a salary",
    ),
  include_unsalaried: z
    // "false" first: the default, and what a reference's try-it fills in.
    .enum(["false", "true"], { error: "must be true or false" })
    .transform((v) => v === "true")
    .optional()
    .describe("With salary_min, salary_max or a salary sort: keep jobs that advertise no salary"),
  posted_within_days: wholeNumber("Days")
    .pipe(z.number().int().min(1, "must be at least 1").max(365, "must be at most 365"))
    .optional()
    .describe("Jobs posted in the last N days (1–365)"),
  seen_within_days: wholeNumber("Days")
    .pipe(z.number().int().min(1, "must be at least 1").max(365, "must be at most 365"))
    .optional()
    .describe(
      "Jobs this catalog first held (first_seen_at) in the last N days (1–365), whatever their posted_at",
    ),
  posted_after: z
    .string()
    .max(40, "must be at most 40 characters")
    .transform((v, ctx) => {
      const instant = parseInstant(v);
      if (instant) return instant;
      ctx.addIssue({
        code: "custom",
        message:
          "must be a real date (2026-11-01) or ISO 8601 date-time (2026-11-01T09:30:00+01:00) between 1970-01-01 and 9999-12-31 UTC",
      });
      return z.NEVER;
    })
    .optional()
    .describe(
      "Jobs posted at or after this date or date-time (UTC for a plain date); from 1970-01-01 to 9999-12-31 UTC",
    ),
  sort: z
    .enum(SORT_ORDERS, { error: `must be one of ${SORT_ORDERS.join(", ")}` })
    .optional()
    .describe(
      "relevance (default with q or a title), date (default without), salary_desc, salary_asc, distance (nearest first; needs near), first_seen (newest to the catalog first)",
    ),
  ...NEAR_PARAMETERS,
  tz: ZoneSchema.optional(),
});

export const JOB_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const JobQuerySchema = z.object({ tz: ZoneSchema.optional() });
export const JobIdSchema = z.string().regex(JOB_ID_PATTERN);

export type JobSearchQuery = z.output<typeof JobSearchQuerySchema>;
