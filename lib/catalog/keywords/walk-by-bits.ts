// Whether a walk over jobs in date order may decide q by the jobs' common-word bits alone: only
// when the bits are exact, and when the walk is expected to find what it needs within
// MAX_WALK_JOBS jobs. A walk reads no job's words then, only rows; but nothing can lead it
// through the words' index, so a query whose matches are sparse among the filters' jobs keeps
// `search @@` and leaves the planner its choice (the words' index, then a sort).
import { comboTotal } from "../combos";
import type { JobFilters } from "../filters";

/** Index entries a walk by bits may expect to read. */
export const MAX_WALK_JOBS = 200_000;
/** Jobs holding rare excluded words a walk may expect to leave out (hashed in work_mem). */
export const MAX_EXCLUDED_JOBS = 100_000;

/**
 * The filters for a walk that wants `wanted` matches in date order: with `wordsByBits` when the
 * bits decide q and the walk is expected short. The filters' share comes from the import's
 * per-combination counts; filters they do not count (pay, dates, places, a company or a city)
 * leave the walk to the words.
 */
export async function forWalk(snapshotId: number, f: JobFilters, wanted: number): Promise<JobFilters> {
  const bits = f.wordBits;
  // Bits are numbered per snapshot: those of another (a swap between reads) decide nothing here.
  if (!f.keywords || !bits?.exact || bits.snapshotId !== snapshotId) return f;
  if (f.city || f.company || f.salary || f.salarySource || f.postedAfter || f.firstSeen || f.near) return f;
  const [all, kept] = await Promise.all([comboTotal(snapshotId, {}), comboTotal(snapshotId, f)]);
  const density = all > 0 ? bits.share * (kept / all) : 0;
  if (bits.rareShare * all > MAX_EXCLUDED_JOBS) return f;
  return density > 0 && wanted / density <= MAX_WALK_JOBS ? { ...f, wordsByBits: true } : f;
}
