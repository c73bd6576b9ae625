// JobRecordSchema's answer for a well-formed record, without zod's per-field machinery (the
// import's costliest step per job). Any doubt returns undefined and the caller asks the schema,
// which words the problem, so a bad record is reported exactly as before; fast-record.test.ts
// checks that both agree on valid and invalid records alike.
import { validCoordinates } from "../../places/distance";
import { countryName, toAlpha2 } from "../countries";
import { annualise } from "../job-schemas";
import {
  EMPLOYMENT_TYPES,
  JOB_ID_PATTERN,
  PAY_PERIODS,
  REMOTE_VALUES,
  SALARY_SOURCES,
  SENIORITY_VALUES,
} from "../schemas";
import { cityHash, companyHash } from "../text-hash";
import { cleanApplyUrl } from "./apply-url";
import { describeIssue, idText, type JobRecord, JobRecordSchema, realInstant } from "./records";
import { salaryFromText } from "./salary-text";

const TYPES = new Set<unknown>(EMPLOYMENT_TYPES);
const REMOTE = new Set<unknown>(REMOTE_VALUES);
const LEVELS = new Set<unknown>(SENIORITY_VALUES);
const PERIODS = new Set<unknown>(PAY_PERIODS);
const SOURCES = new Set<unknown>(SALARY_SOURCES);
const CURRENCY = /^[A-Z]{3}$/;
const MAX_SALARY = 2_000_000_000;

// Pure and called per job with a few distinct values: remembered, within a bound.
function memo<V>(fn: (key: string) => V): (key: string) => V {
  const known = new Map<string, V>();
  return (key) => {
    let v = known.get(key);
    if (v === undefined && !known.has(key)) {
      if (known.size >= 1_000) known.clear();
      v = fn(key);
      known.set(key, v);
    }
    return v as V;
  };
}
/** toAlpha2, remembered. */
export const countryCode = memo(toAlpha2);
const nameOf = memo(countryName);

/** Within `max` characters as zod counts them: code points, so a pair of surrogates is one. */
function fits(s: string, max: number): boolean {
  if (s.length <= max) return true;
  let n = 0;
  for (const _ of s) if (++n > max) return false;
  return true;
}

// In the helpers below, undefined means "not sure this is valid" and null "absent".
function text(v: unknown, max: number): string | undefined {
  if (typeof v !== "string") return undefined;
  const t = v.trim();
  return t.length >= 1 && fits(t, max) && !t.includes("\u0000") ? t : undefined;
}

const blank = (v: unknown) => v === null || v === undefined || v === "";
const optionalText = (v: unknown, max: number) => (blank(v) ? null : text(v, max));
const oneOf = (v: unknown, values: Set<unknown>) =>
  blank(v) ? null : values.has(v) ? (v as string) : undefined;

function optionalInt(v: unknown): number | null | undefined {
  if (blank(v)) return null;
  if (typeof v === "string" && v.trim() === "") return undefined;
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= MAX_SALARY ? n : undefined;
}

/** The record JobRecordSchema makes of `raw`; undefined when the schema must decide. */
export function fastJobRecord(raw: Record<string, unknown>): JobRecord | undefined {
  const id = idText(raw.id);
  if (typeof id !== "string" || !JOB_ID_PATTERN.test(id)) return undefined;
  const title = text(raw.title, 300);
  const company = text(raw.company, 200);
  const location = optionalText(raw.location, 200);
  const city = optionalText(raw.city, 120);
  const country = typeof raw.country === "string" ? countryCode(raw.country) : null;
  const employment_type = oneOf(raw.employment_type, TYPES) as JobRecord["employment_type"] | undefined;
  const salary_min = optionalInt(raw.salary_min);
  const salary_max = optionalInt(raw.salary_max);
  const currency = raw.salary_currency;
  const salary_currency = blank(currency)
    ? null
    : typeof currency === "string" && CURRENCY.test(currency)
      ? currency
      : undefined;
  const salary_period = oneOf(raw.salary_period, PERIODS) as JobRecord["salary_period"] | undefined;
  const salary_source = oneOf(raw.salary_source, SOURCES) as JobRecord["salary_source"] | undefined;
  const posted = raw.posted_at;
  const posted_at = typeof posted === "string" ? (realInstant(posted) ?? undefined) : undefined;
  const description = raw.description ?? "";
  const expires = raw.expires_at;
  const expires_at = blank(expires)
    ? null
    : typeof expires === "string"
      ? (realInstant(expires) ?? undefined)
      : undefined;
  const remote = oneOf(raw.remote, REMOTE) as JobRecord["remote"] | undefined;
  const seniority = oneOf(raw.seniority, LEVELS) as JobRecord["seniority"] | undefined;
  if (
    title === undefined ||
    company === undefined ||
    location === undefined ||
    city === undefined ||
    !country ||
    employment_type === undefined ||
    salary_min === undefined ||
    salary_max === undefined ||
    salary_currency === undefined ||
    salary_period === undefined ||
    salary_source === undefined ||
    posted_at === undefined ||
    Number.isNaN(posted_at.getTime()) ||
    expires_at === undefined ||
    (expires_at !== null && Number.isNaN(expires_at.getTime())) ||
    typeof description !== "string" ||
    !fits(description, 50_000) ||
    description.includes("\u0000") ||
    remote === undefined ||
    seniority === undefined
  )
    return undefined;
  const hasSalary = salary_min !== null || salary_max !== null;
  if (hasSalary && (!salary_currency || !salary_period)) return undefined;
  if (salary_min !== null && salary_max !== null && salary_min > salary_max) return undefined;
  if (!hasSalary && salary_source) return undefined;
  const low = salary_min ?? salary_max;
  const high = salary_max ?? salary_min;
  const point = validCoordinates(raw.latitude, raw.longitude);
  return {
    id,
    title,
    company,
    apply_url: cleanApplyUrl(raw.apply_url),
    location: location ?? (city ? `${city}, ${nameOf(country)}` : nameOf(country)),
    city,
    country,
    employment_type,
    salary_min,
    salary_max,
    salary_currency,
    salary_period,
    salary_source: hasSalary ? (salary_source ?? "stated") : null,
    posted_at,
    description,
    remote,
    seniority,
    expires_at,
    salary_year_min: low !== null && salary_period ? annualise(low, salary_period) : null,
    salary_year_max: high !== null && salary_period ? annualise(high, salary_period) : null,
    company_key: companyHash(company),
    city_key: city ? cityHash(city, country) : null,
    latitude: point?.lat ?? null,
    longitude: point?.lng ?? null,
  };
}

/**
 * The record JobRecordSchema makes of `raw`, or the schema's first problem with it; a job whose
 * feed gives no salary gets the one its description states, if any, labelled parsed.
 */
export function checkJob(raw: Record<string, unknown>): JobRecord | { problem: string } {
  const fast = fastJobRecord(raw);
  if (fast) return withTextSalary(fast);
  const parsed = JobRecordSchema.safeParse(raw);
  return parsed.success ? withTextSalary(parsed.data) : { problem: describeIssue(parsed.error) };
}

function withTextSalary(r: JobRecord): JobRecord {
  if (r.salary_source !== null || !r.description) return r;
  const found = salaryFromText(r.description, r.country);
  if (!found) return r;
  return {
    ...r,
    ...found,
    salary_source: "parsed",
    salary_year_min: annualise(found.salary_min, found.salary_period),
    salary_year_max: annualise(found.salary_max, found.salary_period),
  };
}
