// Exact totals without counting rows: the import keeps how many jobs each combination of
// country, remote, employment type and seniority has (a few thousand numbers per snapshot), so
// any mix of those filters is a sum. Title, company, city, salary (and its source) and date
// filters are not in it.
import { hotQuery } from "../core/db";
import { Prisma } from "../generated/prisma/client";
import type { JobFilters } from "./filters";
import { snapshotCache } from "./live";

const NONE = "-";

export function comboKey(
  country: string,
  remote: string | null,
  employmentType: string | null,
  seniority: string | null,
): string {
  return [country, remote ?? NONE, employmentType ?? NONE, seniority ?? NONE].join("|");
}

/** True when the combination counts answer these filters' total (no title given either). */
export function combosAnswer(f: JobFilters): boolean {
  return !(
    f.city ||
    f.company ||
    f.salary ||
    f.salarySource ||
    f.postedAfter ||
    f.firstSeen ||
    f.keywords ||
    f.excludeCompanies
  );
}

// A snapshot's counts, and the totals summed from them, kept per snapshot and revision (expired
// jobs leaving a snapshot change its counts). A request may ask the same total up to three times
// (the shortcut for an empty mix, the lead, the count).
const countsOf = snapshotCache<[string[], number][]>(8);
const totals = snapshotCache<number>(2_000);
const byCountry = snapshotCache<Record<string, number>>(500);

async function load(snapshotId: number): Promise<[string[], number][]> {
  const known = countsOf.get(snapshotId, "");
  if (known) return known;
  const rows = await hotQuery<{ c: Record<string, number> }>(
    Prisma.sql`SELECT combo_counts AS c FROM catalog_snapshots WHERE id = ${snapshotId}`,
  );
  const parsed = Object.entries(rows[0]?.c ?? {}).map(([k, n]): [string[], number] => [k.split("|"), n]);
  countsOf.set(snapshotId, "", parsed);
  return parsed;
}

/** Jobs matching the country, remote, employment type and seniority filters, exactly. */
export async function comboTotal(snapshotId: number, f: JobFilters): Promise<number> {
  const key = JSON.stringify([f.country?.countries, f.remote, f.employmentType, f.seniority]);
  const known = totals.get(snapshotId, key);
  if (known !== undefined) return known;
  const total = sumCombos(await load(snapshotId), f);
  totals.set(snapshotId, key, total);
  return total;
}

/**
 * Per country (the filters' countries, or every one), its jobs matching the remote, employment
 * type and seniority filters, exactly; null when the snapshot has no counts.
 */
export async function comboTotalsByCountry(
  snapshotId: number,
  f: JobFilters,
): Promise<Readonly<Record<string, number>> | null> {
  const key = JSON.stringify([f.country?.countries, f.remote, f.employmentType, f.seniority]);
  const known = byCountry.get(snapshotId, key);
  if (known) return known;
  const counts = await load(snapshotId);
  if (counts.length === 0) return null;
  const totals: Record<string, number> = {};
  for (const country of f.country?.countries ?? []) totals[country] = 0;
  const kept = keptBy(f);
  for (const [parts, n] of counts) {
    const country = parts[0] ?? "";
    if (kept(parts) && (!f.country || country in totals)) totals[country] = (totals[country] ?? 0) + n;
  }
  byCountry.set(snapshotId, key, totals);
  return totals;
}

function sumCombos(counts: [string[], number][], f: JobFilters): number {
  const countries = f.country ? new Set(f.country.countries) : null;
  const kept = keptBy(f);
  let total = 0;
  for (const [parts, n] of counts)
    if ((!countries || countries.has(parts[0] ?? "")) && kept(parts)) total += n;
  return total;
}

/** Whether a count's key (country, remote, employment type, seniority) meets the filters but the country. */
function keptBy(f: JobFilters): (parts: string[]) => boolean {
  const want = (values: string[] | undefined) => (values ? new Set(values) : null);
  const remote = want(f.remote);
  const types = want(f.employmentType);
  const levels = want(f.seniority);
  return ([, r = NONE, t = NONE, s = NONE]) =>
    (!remote || remote.has(r)) && (!types || types.has(t)) && (!levels || levels.has(s));
}

/**
 * Whether no job has the remote, employment type and seniority filters' values in the filters'
 * countries: then nothing else matters, and no index need be walked to find that out (a walk
 * in date order would read every entry looking for a match).
 */
export async function combosMatchNothing(snapshotId: number, f: JobFilters): Promise<boolean> {
  if (comboCodes(f) === null) return false;
  // A snapshot loaded before the counts were kept has none: that says nothing.
  if ((await load(snapshotId)).length === 0) return false;
  return (await comboTotal(snapshotId, f)) === 0;
}

// One small number per job for its remote, employment type, seniority (null counts as a value)
// and whether its pay was read from text: the listing indexes carry it, so any mix of those
// filters is one `combo = ANY(…)` check on an index entry, and its statistics are exact (384
// values at most). Jobs with stated pay and jobs with none share the lower half, which every
// row written before pay's source was known is in.
const REMOTE = [null, "remote", "hybrid", "on_site"] as const;
const TYPES = [null, "full_time", "part_time", "contract", "temporary", "internship"] as const;
const LEVELS = [null, "intern", "junior", "mid", "senior", "lead", "principal", "executive"] as const;
const HALF = REMOTE.length * TYPES.length * LEVELS.length;
/** comboCode's range: codes are 0 to COMBO_CODES − 1. */
export const COMBO_CODES = 2 * HALF;

export function comboCode(
  remote: string | null,
  employmentType: string | null,
  seniority: string | null,
  parsedPay = false,
): number {
  const r = REMOTE.indexOf(remote as (typeof REMOTE)[number]);
  const t = TYPES.indexOf(employmentType as (typeof TYPES)[number]);
  const s = LEVELS.indexOf(seniority as (typeof LEVELS)[number]);
  const code = (Math.max(0, r) * TYPES.length + Math.max(0, t)) * LEVELS.length + Math.max(0, s);
  return parsedPay ? HALF + code : code;
}

export function decodeCombo(code: number): {
  remote: string | null;
  employmentType: string | null;
  seniority: string | null;
  parsedPay: boolean;
} {
  const c = code % HALF;
  const s = c % LEVELS.length;
  const t = Math.floor(c / LEVELS.length) % TYPES.length;
  const r = Math.floor(c / (LEVELS.length * TYPES.length));
  return {
    remote: REMOTE[r] ?? null,
    employmentType: TYPES[t] ?? null,
    seniority: LEVELS[s] ?? null,
    parsedPay: code >= HALF,
  };
}

/**
 * The codes a filter's remote, employment type, seniority and pay-source choices allow; null: no
 * such filter. `salarySource: "stated"` keeps the lower half, which jobs without pay share: the
 * caller adds the salary condition.
 */
export function comboCodes(
  f: Pick<JobFilters, "remote" | "employmentType" | "seniority" | "salarySource">,
): number[] | null {
  if (!f.remote && !f.employmentType && !f.seniority && !f.salarySource) return null;
  const halves = f.salarySource ? [f.salarySource === "parsed"] : [false, true];
  const codes: number[] = [];
  for (const parsed of halves)
    for (const r of f.remote ?? REMOTE)
      for (const t of f.employmentType ?? TYPES)
        for (const s of f.seniority ?? LEVELS) codes.push(comboCode(r, t, s, parsed));
  return codes.sort((a, b) => a - b);
}
