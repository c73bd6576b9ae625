// A narrow combination's jobs read whole from their listing with the bits (jobs_combo_words_idx),
// index entries only: how a keyword search without a title counts them, and how its page or
// facets' sample reads them when a walk by date is not expected to pay.
import { comboCodes, comboTotal } from "../combos";
import type { JobFilters } from "../filters";
import { bitsDecideAlone, forWalk } from "./walk-by-bits";

/**
 * The combination filters' jobs read this way at most: about what their entries take to read
 * within a count's deadline, in memory.
 */
export const MAX_COMBO_LISTING_JOBS = 30_000;
/** The rare words' jobs read first (from the words' index, a row each, for their ids) at most. */
export const MAX_COMBO_RARE_JOBS = 5_000;

/**
 * The filters with `wordsByBits` and `bitsByCombo` when exact bits decide q and the combination
 * filters keep few jobs in scope (comboListingPays), so a statement reads their entries alone
 * rather than each candidate's words. Otherwise `f` itself.
 */
export async function comboListing<F extends JobFilters>(snapshotId: number, f: F): Promise<F> {
  const bits = f.wordBits;
  if (!bitsDecideAlone(f, snapshotId) || comboCodes(f) === null || !bits) return f;
  const [all, kept] = await Promise.all([comboTotal(snapshotId, {}), comboTotal(snapshotId, f)]);
  return comboListingPays({ all, kept, rareShare: bits.rareShare })
    ? { ...f, wordsByBits: true, bitsByCombo: true }
    : f;
}

/** comboListing's rule: the combination's jobs and the rare words' jobs within their limits. */
export function comboListingPays(w: { all: number; kept: number; rareShare: number }): boolean {
  return w.kept > 0 && w.kept <= MAX_COMBO_LISTING_JOBS && w.rareShare * w.all <= MAX_COMBO_RARE_JOBS;
}

/**
 * forWalk's filters; when it leaves q to the words, comboListing's: a narrow combination's jobs
 * read whole cost less than a walk reading each candidate's words.
 */
export async function forWalkOrListing<F extends JobFilters>(
  snapshotId: number,
  f: F,
  wanted: number,
  skipped = 0,
): Promise<F & Pick<JobFilters, "wordsByBits" | "bitsWalkMs">> {
  const walk = await forWalk(snapshotId, f, wanted, skipped);
  return walk.wordsByBits ? walk : comboListing(snapshotId, f);
}
