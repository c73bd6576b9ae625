// What a search's words can match among its filters' jobs at most, from the import's counts of
// each numbered word per combination code and per country (import/word-tally.ts). The bits say
// which words a job must hold; a word the filters' jobs never hold answers nothing, where a walk
// in date order would read the filters' whole listing to find that out. The counts are upper
// bounds: jobs whose words the database made count as holding every word, and copies and
// expired jobs stay counted.
import { hotQuery } from "../core/db";
import { Prisma } from "../generated/prisma/client";
import { comboCodes, combosMatchNothing, comboTotalsByCountry } from "./combos";
import type { JobFilters } from "./filters";
import type { WordBits } from "./keywords/word-bits";
import { snapshotCache } from "./live";

/** One number's counts, nonzero only: by jobs.combo code and by country. */
export type WordCount = { byCode: Record<string, number>; byCountry: Record<string, number> };

/** The number under which word_counts keeps the jobs without bits. */
const UNKNOWN = -1;
/** Per snapshot and number, its counts; null: the snapshot has none (imported before they were kept). */
const kept = snapshotCache<WordCount | null>(20_000);

/**
 * Whether the filters match no job: the combination counts leave none, or a word the search
 * needs is held by none of the filters' jobs (or the words it needs never in one country).
 */
export async function matchesNothing(snapshotId: number, f: JobFilters): Promise<boolean> {
  if (await combosMatchNothing(snapshotId, f)) return true;
  return (await wordsBound(snapshotId, f)) === 0;
}

/**
 * At most how many jobs of the filters' countries and combinations hold the words the search
 * needs; null when that is not known (no needed word, bits of another snapshot, no counts).
 */
export async function wordsBound(snapshotId: number, f: JobFilters): Promise<number | null> {
  const known = await countsFor(snapshotId, f);
  return known && boundOf(known.counts, known.wanted, f, known.jobsIn);
}

/**
 * The filters' countries where a job may match (its combination filters' jobs there, and its
 * needed words held there); null when that is not known.
 */
export async function countriesMayMatch(snapshotId: number, f: JobFilters): Promise<string[] | null> {
  const countries = f.country?.countries;
  const known = countries && (await countsFor(snapshotId, f));
  if (!known) return null;
  const bounds = countryBounds(known.counts, known.wanted, countries, known.jobsIn);
  return countries.filter((c) => (bounds.get(c) ?? 0) > 0);
}

type Known = {
  counts: ReadonlyMap<number, WordCount>;
  wanted: { need: number[]; sets: number[][] };
  jobsIn: Readonly<Record<string, number>> | null;
};

async function countsFor(snapshotId: number, f: JobFilters): Promise<Known | null> {
  const bits = f.wordBits;
  if (!f.keywords || !bits || bits.snapshotId !== snapshotId) return null;
  const wanted = neededNumbers(bits);
  if (wanted.need.length === 0 && wanted.sets.length === 0) return null;
  const [counts, jobsIn] = await Promise.all([
    countsOf(snapshotId, [UNKNOWN, ...wanted.need, ...wanted.sets.flat()]),
    comboTotalsByCountry(snapshotId, f),
  ]);
  return counts && { counts, wanted, jobsIn };
}

/** The numbers every match holds, and the sets of which every match holds one. */
export function neededNumbers(bits: WordBits): { need: number[]; sets: number[][] } {
  // A set with an alternative too rare for a number may be met by that one instead.
  const sets = bits.anyOf.filter((_, i) => (bits.anyOfRare[i]?.length ?? 0) === 0);
  return { need: bits.need, sets };
}

const NONE: WordCount = { byCode: {}, byCountry: {} };

/**
 * At most how many of the filters' jobs hold the needed numbers: the lesser of the count over
 * the filters' combinations (the least needed number's, a set's alternatives summed) and the sum
 * over their countries of countryBounds. The jobs without bits count as holding every number.
 * `jobsIn`: per country, its jobs matching the combination filters (absent: not known).
 */
export function boundOf(
  counts: ReadonlyMap<number, WordCount>,
  wanted: { need: number[]; sets: number[][] },
  f: Pick<JobFilters, "country" | "remote" | "employmentType" | "seniority" | "salarySource">,
  jobsIn: Readonly<Record<string, number>> | null = null,
): number {
  const codes = comboCodes(f);
  const unknown = counts.get(UNKNOWN) ?? NONE;
  const byCode = (n: number) => sum((counts.get(n) ?? NONE).byCode, codes) + sum(unknown.byCode, codes);
  let bound = Number.POSITIVE_INFINITY;
  for (const n of wanted.need) bound = Math.min(bound, byCode(n));
  for (const set of wanted.sets)
    bound = Math.min(
      bound,
      set.reduce((s, n) => s + byCode(n), 0),
    );
  // Without a country filter, every country some needed number's jobs are in.
  const countries = f.country?.countries ?? [
    ...new Set(
      [...wanted.need, ...wanted.sets.flat(), UNKNOWN].flatMap((n) =>
        Object.keys((counts.get(n) ?? NONE).byCountry),
      ),
    ),
  ];
  let inCountries = 0;
  for (const b of countryBounds(counts, wanted, countries, jobsIn).values()) inCountries += b;
  return Math.min(bound, inCountries);
}

/**
 * Per country, at most how many of its jobs match: no more than its jobs the combination filters
 * keep, nor than hold each needed number (a set: its alternatives summed) there.
 */
export function countryBounds(
  counts: ReadonlyMap<number, WordCount>,
  wanted: { need: number[]; sets: number[][] },
  countries: readonly string[],
  jobsIn: Readonly<Record<string, number>> | null,
): Map<string, number> {
  const unknown = counts.get(UNKNOWN) ?? NONE;
  const bounds = new Map<string, number>();
  for (const c of countries) {
    const jobs = jobsIn ? (jobsIn[c] ?? 0) : Number.POSITIVE_INFINITY;
    const held = (n: number) => ((counts.get(n) ?? NONE).byCountry[c] ?? 0) + (unknown.byCountry[c] ?? 0);
    let bound = jobs;
    for (const n of wanted.need) bound = Math.min(bound, held(n));
    for (const set of wanted.sets)
      bound = Math.min(
        bound,
        set.reduce((s, n) => s + held(n), 0),
      );
    bounds.set(c, bound);
  }
  return bounds;
}

function sum(of: Record<string, number>, keys: readonly (string | number)[] | null | undefined): number {
  if (!keys) return Object.values(of).reduce((n, v) => n + v, 0);
  return keys.reduce<number>((n, k) => n + (of[k] ?? 0), 0);
}

/** The counts of `numbers` in the snapshot, or null when it has none. */
async function countsOf(snapshotId: number, numbers: number[]): Promise<Map<number, WordCount> | null> {
  const found = new Map<number, WordCount>();
  const missing: number[] = [];
  for (const n of new Set(numbers)) {
    const known = kept.get(snapshotId, String(n));
    if (known === null) return null;
    if (known) found.set(n, known);
    else missing.push(n);
  }
  if (missing.length > 0) {
    const rows = await hotQuery<{
      bit: number;
      by_code: WordCount["byCode"];
      by_country: WordCount["byCountry"];
    }>(
      Prisma.sql`SELECT bit, by_code, by_country FROM word_counts
        WHERE snapshot_id = ${snapshotId} AND bit = ANY(${missing}::int2[])`,
    );
    for (const r of rows) found.set(r.bit, { byCode: r.by_code, byCountry: r.by_country });
    if (!found.has(UNKNOWN)) {
      kept.set(snapshotId, String(UNKNOWN), null);
      return null;
    }
    for (const n of missing) {
      // A number the snapshot did not hand out is held by no job.
      const c = found.get(n) ?? NONE;
      found.set(n, c);
      kept.set(snapshotId, String(n), c);
    }
  }
  return found;
}
