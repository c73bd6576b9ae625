// A validated job as a row of the snapshot's partition: values for the INSERT path, one line of
// COPY text for COPY (built directly: the costliest part of a generic copyLine is its checks).
import { comboCode } from "../combos";
import { type CopyValue, copyText } from "./copy-text";
import type { JobRecord } from "./records";
import { sketchCopyText, sketchValue } from "./sketch";

export const JOB_TABLE_COLUMNS = [
  "snapshot_id",
  "id",
  "title",
  "title_id",
  "company",
  "apply_url",
  "location",
  "city",
  "country_code",
  "employment_type",
  "salary_min",
  "salary_max",
  "salary_currency",
  "salary_period",
  "posted_at",
  "description",
  "remote",
  "seniority",
  "salary_year_min",
  "salary_year_max",
  "company_key",
  "city_key",
  "combo",
  "latitude",
  "longitude",
  "salary_source",
  "first_seen_at",
  "last_seen_at",
  "expires_at",
  "digest",
  "sketch",
  "search",
  "common_words",
  "more_words",
] as const;

/** A job's ages and digest as the loader gives them (job-batch.ts). */
export type JobSeen = { first: string; last: string; digest: string };

/**
 * `words`: the job's tsvector text (job-words.ts), null where the database is to make it;
 * `bits` and `more`: its common words as job-words.ts wrote them, null with the words.
 */
export function jobRow(
  snapshotId: number,
  r: JobRecord,
  titleId: number,
  seen: JobSeen,
  words: string | null = null,
  bits: string | null = null,
  more: string | null = null,
): CopyValue[] {
  return [
    snapshotId,
    r.id,
    r.title,
    titleId,
    r.company,
    r.apply_url,
    r.location,
    r.city,
    r.country,
    r.employment_type,
    r.salary_min,
    r.salary_max,
    r.salary_currency,
    r.salary_period,
    r.posted_at,
    r.description,
    r.remote,
    r.seniority,
    r.salary_year_min,
    r.salary_year_max,
    r.company_key,
    r.city_key,
    comboCode(r.remote, r.employment_type, r.seniority, r.salary_source === "parsed"),
    r.latitude,
    r.longitude,
    r.salary_source,
    seen.first,
    seen.last,
    r.expires_at === null ? null : r.expires_at.toISOString(),
    seen.digest,
    sketchValue(r.description),
    words,
    bits,
    more,
  ];
}

const N = "\\N";
const text = (v: string | null) => (v === null ? N : copyText(v));
const num = (v: number | null) => (v === null ? N : String(v));

/** jobRow's values as one line of COPY text: copyLine(jobRow(…)), without the row. */
export function jobLine(
  snapshotId: number,
  r: JobRecord,
  titleId: number,
  seen: JobSeen,
  words: string | null = null,
  bits: string | null = null,
  more: string | null = null,
): string {
  return `${jobLineStart(snapshotId, r, titleId, seen)}${text(words)}\t${bits ?? N}\t${more ?? N}\n`;
}

/** jobLine up to the words, which the encoder adds with the common words as the bytes job-words.ts built. */
export function jobLineStart(snapshotId: number, r: JobRecord, titleId: number, seen: JobSeen): string {
  // Enum values and the ISO country and currency codes never need escaping.
  return `${snapshotId}\t${copyText(r.id)}\t${copyText(r.title)}\t${titleId}\t${copyText(r.company)}\t${copyText(r.apply_url)}\t${copyText(r.location)}\t${text(r.city)}\t${r.country}\t${r.employment_type ?? N}\t${num(r.salary_min)}\t${num(r.salary_max)}\t${r.salary_currency ?? N}\t${r.salary_period ?? N}\t${r.posted_at.toISOString()}\t${copyText(r.description)}\t${r.remote ?? N}\t${r.seniority ?? N}\t${num(r.salary_year_min)}\t${num(r.salary_year_max)}\t${r.company_key}\t${num(r.city_key)}\t${comboCode(r.remote, r.employment_type, r.seniority, r.salary_source === "parsed")}\t${num(r.latitude)}\t${num(r.longitude)}\t${r.salary_source ?? N}\t${seen.first}\t${seen.last}\t${r.expires_at === null ? N : r.expires_at.toISOString()}\t${seen.digest}\t${sketchCopyText(r.description)}\t`;
}
