// Columns of an import file, one schema per record kind. CSV gives strings, JSON Lines may
// give numbers or null: both are accepted. The columns are documented in
// docs/operations.md#importing-a-catalog; a change here changes that section too.
import { z } from "zod";
import { validCoordinates } from "../../places/distance";
import { countryName, toAlpha2 } from "../countries";
import { annualise } from "../job-schemas";
import { nameKey } from "../names";
import { JOB_ID_PATTERN, REMOTE_VALUES, SALARY_SOURCES, SENIORITY_VALUES } from "../schemas";
import { cityHash, companyHash } from "../text-hash";
import { cleanApplyUrl } from "./apply-url";

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const noNul = (v: string) => !v.includes("\u0000");
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "is required")
    .max(max, `is longer than ${max} characters`)
    .refine(noNul, "contains a NUL character");

/** True for a real calendar date: 2026-02-30 and 2026-13-01 are not. */
export function realDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}
/**
 * The instant an ISO 8601 date or date-time names, when its date is real and the instant falls
 * within years 1 to 9999 (a zone's offset can carry 9999-12-31 past it, which PostgreSQL refuses);
 * else null.
 */
export function realInstant(v: string): Date | null {
  const d = new Date(v);
  if (!realDate(v) || Number.isNaN(d.getTime())) return null;
  const year = d.getUTCFullYear();
  return year >= 1 && year <= 9999 ? d : null;
}
/**
 * An id as the records' rule reads it: a number as its digits, unless it is a whole number past
 * 2^53, which has lost digits by the time JSON is parsed (two ids could become one) and is left
 * a number, for the rule to refuse.
 */
export function idText(v: unknown): unknown {
  return typeof v === "number" && !(Number.isInteger(v) && !Number.isSafeInteger(v)) ? String(v) : v;
}
const optionalText = (max: number) => z.preprocess(blankToNull, text(max).nullable());
const optionalInt = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : blankToNull(v)),
  z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(0, "must not be negative")
    .max(2_000_000_000, "is too large")
    .nullable(),
);
const country = z.string({ error: "is required" }).transform((v, ctx) => {
  const code = toAlpha2(v);
  if (!code)
    ctx.addIssue({ code: "custom", message: `"${v.slice(0, 10)}" is not an ISO 3166-1 country code` });
  return code ?? "";
});
const currency = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code like EUR")
    .nullable(),
);
const period = z.preprocess(blankToNull, z.enum(["year", "month", "hour"]).nullable());
const timestamp = z.string({ error: "is required" }).transform((v, ctx) => {
  const d = realInstant(v);
  if (!d)
    ctx.addIssue({
      code: "custom",
      message: "must be an ISO 8601 date or date-time between the years 1 and 9999",
    });
  return d ?? new Date(Number.NaN);
});

export const JOB_COLUMNS = [
  "id",
  "title",
  "company",
  "apply_url",
  "location",
  "city",
  "country",
  "employment_type",
  "salary_min",
  "salary_max",
  "salary_currency",
  "salary_period",
  "salary_source",
  "posted_at",
  "description",
  "remote",
  "seniority",
  "latitude",
  "longitude",
  "expires_at",
] as const;

export const JobRecordSchema = z
  .object({
    id: z.preprocess(
      idText,
      z
        .string({
          error: (issue) =>
            typeof issue.input === "number"
              ? "is a number too large to keep every digit: write it as a string"
              : "is required",
        })
        .regex(JOB_ID_PATTERN, "must be 1-64 letters, digits, '.', '_' or '-'"),
    ),
    title: text(300),
    company: text(200),
    apply_url: z.unknown().optional().transform(cleanApplyUrl),
    location: optionalText(200),
    city: optionalText(120),
    country,
    employment_type: z.preprocess(
      blankToNull,
      z.enum(["full_time", "part_time", "contract", "temporary", "internship"]).nullable(),
    ),
    salary_min: optionalInt,
    salary_max: optionalInt,
    salary_currency: currency,
    salary_period: period,
    salary_source: z
      .preprocess(
        blankToNull,
        z
          .enum(SALARY_SOURCES, { error: 'must be "stated" or "parsed" (estimated pay is not imported)' })
          .nullable(),
      )
      .optional()
      .default(null),
    posted_at: timestamp,
    description: z.preprocess(
      (v) => v ?? "",
      z.string().max(50_000, "is longer than 50000 characters").refine(noNul, "contains a NUL character"),
    ),
    remote: z.preprocess(blankToNull, z.enum(REMOTE_VALUES).nullable()).optional().default(null),
    seniority: z.preprocess(blankToNull, z.enum(SENIORITY_VALUES).nullable()).optional().default(null),
    /** When the source stops advertising it (a JobPosting's validThrough). */
    expires_at: z.preprocess(blankToNull, timestamp.nullable()).optional().default(null),
    // Not refused when wrong: a pair that is not valid is dropped (lib/places/distance.ts).
    latitude: z.unknown().optional(),
    longitude: z.unknown().optional(),
  })
  .superRefine((r, ctx) => {
    const hasSalary = r.salary_min !== null || r.salary_max !== null;
    if (hasSalary && (!r.salary_currency || !r.salary_period))
      ctx.addIssue({
        code: "custom",
        path: ["salary_currency"],
        message: "salary_currency and salary_period are required with a salary",
      });
    if (r.salary_min !== null && r.salary_max !== null && r.salary_min > r.salary_max)
      ctx.addIssue({ code: "custom", path: ["salary_min"], message: "must not exceed salary_max" });
    if (!hasSalary && r.salary_source)
      ctx.addIssue({ code: "custom", path: ["salary_source"], message: "needs salary_min or salary_max" });
  })
  .transform((r) => {
    const low = r.salary_min ?? r.salary_max;
    const high = r.salary_max ?? r.salary_min;
    const point = validCoordinates(r.latitude, r.longitude);
    return {
      ...r,
      latitude: point?.lat ?? null,
      longitude: point?.lng ?? null,
      location: r.location ?? (r.city ? `${r.city}, ${countryName(r.country)}` : countryName(r.country)),
      // A feed's structured salary is stated unless the feed says it read it from text itself.
      salary_source: low === null ? null : (r.salary_source ?? "stated"),
      salary_year_min: low !== null && r.salary_period ? annualise(low, r.salary_period) : null,
      salary_year_max: high !== null && r.salary_period ? annualise(high, r.salary_period) : null,
      company_key: companyHash(r.company),
      city_key: r.city ? cityHash(r.city, r.country) : null,
    };
  });

export type JobRecord = z.output<typeof JobRecordSchema>;

export const SALARY_COLUMNS = [
  "level",
  "country",
  "city",
  "p10",
  "p25",
  "median",
  "p75",
  "p90",
  "currency",
  "period",
  "sample_size",
  "as_of",
] as const;

const PERCENTILE_ORDER = ["p10", "p25", "median", "p75", "p90"] as const;

export const SalaryRecordSchema = z
  .object({
    level: z.enum(["country", "city"], { error: 'must be "country" or "city"' }),
    country,
    city: optionalText(120),
    median: optionalInt.refine((v) => v !== null && v > 0, "is required and must be positive"),
    p10: optionalInt,
    p25: optionalInt,
    p75: optionalInt,
    p90: optionalInt,
    currency: currency.pipe(z.string({ error: "is required" })),
    period: z.preprocess((v) => blankToNull(v) ?? "year", z.enum(["year", "month", "hour"])),
    sample_size: optionalInt.refine((v) => v !== null && v > 0, "is required and must be positive"),
    as_of: z
      .string({ error: "is required" })
      .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && realDate(v), "must be a date like 2026-11-01")
      // A day ahead at most (the source may be in a zone ahead of UTC): a date to come would
      // sit at the end of every history until it came.
      .refine(
        (v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + 86_400_000,
        "must not be later than tomorrow: a salary snapshot describes the past",
      ),
  })
  .superRefine((r, ctx) => {
    if (r.level === "city" && !r.city)
      ctx.addIssue({ code: "custom", path: ["city"], message: "is required when level is city" });
    // The percentiles given, with the median, must rise in order: p10 ≤ p25 ≤ median ≤ p75 ≤ p90.
    const given = PERCENTILE_ORDER.flatMap((field) => {
      const value = r[field];
      return value === null || value === undefined ? [] : [{ field, value }];
    });
    for (const [i, next] of given.entries()) {
      const before = given[i - 1];
      if (before && next.value < before.value)
        ctx.addIssue({
          code: "custom",
          path: [next.field],
          message: `must not be below ${before.field} (${before.value})`,
        });
    }
  })
  .transform((r) => {
    // A city row without a city has already failed the check above.
    const name = r.level === "city" && r.city ? r.city : countryName(r.country);
    return { ...r, name, name_key: nameKey(name) };
  });

export type SalaryRecord = z.output<typeof SalaryRecordSchema>;

/** "line 7: title: is required" — the first problem of a record that failed. */
export function describeIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return "invalid";
  const field = issue.path.length ? `${issue.path.join(".")}: ` : "";
  return `${field}${issue.message}`;
}
