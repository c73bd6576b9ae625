// Whether a walk over jobs in date order may decide q by the jobs' common-word bits alone: only
// when the bits are exact, and when the walk is expected to find what it needs within
// MAX_WALK_JOBS jobs. A walk reads no job's words then, only rows; but nothing can lead it
// through the words' index, so a query whose matches are sparse among the filters' jobs keeps
// `search @@` and leaves the planner its choice (the words' index, then a sort).
import { comboCodes, comboTotal } from "../combos";
import { oneCountry } from "../filter-sql";
import type { JobFilters } from "../filters";
import { walksPerCountry } from "../region-walk";
import { countriesMayMatch, wordsBound } from "../word-counts";
import type { WordBits } from "./word-bits";

/**
 * Index entries a walk by bits may expect to read, at the least share of jobs its words may keep
 * (WordBits.sureShare): short of the deadline below where rows are read from disk.
 */
export const MAX_WALK_JOBS = 750_000;
/**
 * The same at the share the words are guessed to keep as if independent: two words can overlap
 * far less than that ("freight hospital": 527 jobs of 1M, a sixtieth of the guess), so a walk
 * trusting a guess stays short.
 */
export const MAX_GUESSED_WALK_JOBS = 200_000;
/** How long a walk may look for a page's jobs before they are read another way. */
export const WALK_DEADLINE_MS = 250;
/**
 * How long a walk by bits may run at most before the statement that reads words runs instead:
 * longer than a walk by words gets, since it reads only index entries and what would follow
 * reads rows.
 */
export const BITS_WALK_DEADLINE_MS = 2_000;
/**
 * A walk by bits trusted on the guessed share alone (the sure share allows no walk) gets this
 * many times the time its expected entries take (about a microsecond each, read in memory),
 * between WALK_DEADLINE_MS and BITS_WALK_DEADLINE_MS: words the shares guess to meet often may
 * never meet (a phrase and a word of another trade), and such a walk reads its whole listing
 * before it can say so, where the words' index knows at once. A walk the sure share allows gets
 * BITS_WALK_DEADLINE_MS: it will find its matches, but from disk its entries cost several times
 * more, and a rare excluded word's jobs are read first.
 */
const WALK_SLACK = 8;
const ENTRY_MS = 0.001;

/** The deadline of a walk by bits expected to read `entries` index entries. */
export function bitsWalkDeadlineMs(entries: number): number {
  return Math.round(
    Math.min(BITS_WALK_DEADLINE_MS, Math.max(WALK_DEADLINE_MS, WALK_SLACK * ENTRY_MS * entries)),
  );
}

/** The deadline of a walk with these filters (forWalk's answer). */
export function walkDeadlineMs(f: Pick<JobFilters, "wordsByBits" | "bitsWalkMs">): number {
  return f.wordsByBits ? (f.bitsWalkMs ?? BITS_WALK_DEADLINE_MS) : WALK_DEADLINE_MS;
}
/**
 * Index entries a walk by bits may expect to read per job the words' index would give instead
 * (each a row, and its words, read): about what an entry and a row whose words are read cost in
 * memory. From disk a row costs several times more, and the rows grow with the catalog while the
 * entries a walk reads do not, so on a large catalog this leaves nearly every walk to the bits; on
 * a small one it leaves a long walk for a word held by a few percent of jobs to the words' index.
 */
export const ENTRIES_PER_ROW = 15;
/** Jobs holding rare words a walk may expect to read first (hashed in work_mem). */
export const MAX_EXCLUDED_JOBS = 100_000;
/**
 * Those jobs are read first, a row each (for its id), however few the walk wants; a walk by words
 * reads rows and their words only until it has what it wants, so it costs less for a short
 * page, more for a deep one or a facets' sample. Past this many excluded jobs per job wanted, the
 * words walk.
 */
const EXCLUDED_PER_WANTED = 100;

/**
 * The filters for a walk that wants `wanted` matches in date order: with `wordsByBits` when the
 * bits decide q and the walk is expected short. The filters' share comes from the import's
 * per-combination counts; filters they do not count (pay, dates, places, a company or a city)
 * leave the walk to the words.
 */
export async function forWalk<F extends JobFilters>(
  snapshotId: number,
  f: F,
  wanted: number,
  /** The part of all jobs the walk passes over though they match (a relevance page's tiers). */
  skipped = 0,
): Promise<F & Pick<JobFilters, "wordsByBits" | "bitsWalkMs">> {
  const bits = f.wordBits;
  if (!bitsDecideAlone(f, snapshotId) || f.salarySource || !bits) return f;
  const g = await withoutEmptyCountries(snapshotId, f);
  // Within one country, or a region walked per country, the walk reads those countries'
  // listings (jobs_country_words_idx) only.
  const listed = oneCountry(g) || walksPerCountry(g, wanted) ? { country: g.country } : {};
  const [all, scope, kept, bound] = await Promise.all([
    comboTotal(snapshotId, {}),
    comboTotal(snapshotId, listed),
    comboTotal(snapshotId, g),
    wordsBound(snapshotId, g),
  ]);
  const { share, sureShare } = heldShares(bits, bound, kept);
  const walk = {
    all,
    scope,
    kept,
    share: share - skipped,
    sureShare: sureShare - skipped,
    rareShare: bits.rareShare,
    wanted,
    // The words' index gives every match, the tiers' too.
    indexShare: Math.max(bits.share, bits.sureShare),
  };
  if (!bitsWalkPays(walk)) return f;
  // Reading the combination's jobs whole reads fewer entries than the walk by date: its time
  // stays the walk's (the rare words' jobs are read first either way, and the matches sorted).
  const byCombo = comboLeads(walk, comboCodes(g) !== null);
  return { ...g, wordsByBits: true, bitsWalkMs: bitsWalkMs(walk), ...(byCombo ? { bitsByCombo: true } : {}) };
}

/**
 * Whether exact bits of this snapshot may stand for q, and the other filters are ones the
 * import's per-combination counts know (a city, a company, pay, dates or a place would leave the
 * statement's reach to the words). Bits are numbered per snapshot: those of another (a swap
 * between reads) decide nothing here.
 */
export function bitsDecideAlone(f: JobFilters, snapshotId: number): boolean {
  const bits = f.wordBits;
  if (!f.keywords || !bits?.exact || bits.snapshotId !== snapshotId) return false;
  return !(f.city || f.company || f.excludeCompanies || f.salary || f.postedAfter || f.firstSeen || f.near);
}

/**
 * Whether a walk by bits reads the combination filters' jobs whole (their listing with the bits,
 * in no useful order, then sorted) rather than its listing by date: when those jobs are fewer
 * than the entries the walk by date is expected to read on its way past the others.
 */
export function comboLeads(w: Walk, combos: boolean): boolean {
  return combos && w.kept < w.scope && w.kept < walkEntries(w);
}

/**
 * The filters without their region's countries where nothing can match (no job of the
 * combination filters there, or a needed word held by none of its jobs): a walk per country
 * would read such a country's listing whole, and a single walk passes over its entries.
 */
async function withoutEmptyCountries<F extends JobFilters>(snapshotId: number, f: F): Promise<F> {
  const country = f.country;
  if (!country || country.countries.length < 2) return f;
  const may = await countriesMayMatch(snapshotId, f);
  return may && may.length < country.countries.length ? { ...f, country: { ...country, countries: may } } : f;
}

/**
 * Whether the walk of a titled search's sort listing (a broad title checked per entry, the
 * "order" lead) may decide q by exact bits: when it expects to find `wanted` matches within
 * MAX_GUESSED_WALK_JOBS entries, at the words' better share times the title's share of the jobs
 * in scope (`titleJobs` of them) and the filters' (as independent). Otherwise the words decide,
 * and the planner may still read a selective word's jobs from the words' index and sort them.
 */
export async function titledWalkByBits(
  snapshotId: number,
  f: JobFilters,
  titleJobs: number,
  wanted: number,
): Promise<boolean> {
  const bits = f.wordBits;
  if (!f.keywords || !bits?.exact || bits.snapshotId !== snapshotId) return false;
  const one = oneCountry(f) ? { country: f.country } : {};
  const [scope, kept, bound] = await Promise.all([
    comboTotal(snapshotId, one),
    comboTotal(snapshotId, f),
    wordsBound(snapshotId, f),
  ]);
  const { share, sureShare } = heldShares(bits, bound, kept);
  return titledWalkPays({ share: Math.max(share, sureShare), titleJobs, scope, kept, wanted });
}

/**
 * The words' shares among the filters' `kept` jobs: the bits' shares are of all jobs, as if the
 * words were independent of the filters; at most `bound` of the kept jobs (wordsBound) hold
 * them, which a word of other trades' ads, or other countries', makes far fewer. The sure share
 * is capped too: a bound below it shows it does not hold among the kept jobs, so a walk must not
 * be given the time a sure one gets.
 */
export function heldShares(
  bits: Pick<WordBits, "share" | "sureShare">,
  bound: number | null,
  kept: number,
): { share: number; sureShare: number } {
  const most = bound === null || kept <= 0 ? 1 : Math.min(1, bound / kept);
  return { share: Math.min(bits.share, most), sureShare: Math.min(bits.sureShare, most) };
}

/** titledWalkByBits' rule: the entries expected at those shares, within MAX_GUESSED_WALK_JOBS. */
export function titledWalkPays(w: {
  share: number;
  titleJobs: number;
  scope: number;
  kept: number;
  wanted: number;
}): boolean {
  return w.scope > 0 && within(w.share * (w.titleJobs / w.scope), w, MAX_GUESSED_WALK_JOBS);
}

type Walk = {
  all: number;
  scope: number;
  kept: number;
  share: number;
  sureShare: number;
  rareShare: number;
  wanted: number;
  indexShare?: number;
};

/** How long a walk bitsWalkPays allows may run: see WALK_SLACK. */
export function bitsWalkMs(w: Walk): number {
  return within(w.sureShare, w, MAX_WALK_JOBS) ? BITS_WALK_DEADLINE_MS : bitsWalkDeadlineMs(walkEntries(w));
}

/** The index entries a walk is expected to read: at the better of its two shares, its listing at most. */
export function walkEntries(w: Walk): number {
  const best = Math.max(w.share, w.sureShare);
  return best > 0 ? Math.min(w.scope, entriesAt(best, w)) : w.scope;
}

/** The entries a walk reads to find what it wants where `share` of the jobs it passes match. */
const entriesAt = (share: number, w: Pick<Walk, "wanted" | "kept" | "scope">) =>
  w.wanted / (share * (w.kept / w.scope));

/**
 * Whether exact bits should decide a walk wanting `wanted` matches in date order: `all` jobs,
 * `scope` of them in the listing it walks (one country's, or all), `kept` of those by the
 * filters (taken as independent of the words), `share` of them guessed to hold the bits and
 * `sureShare` at the least, `rareShare` of all holding the rare words read first (excluded,
 * or a set's alternatives). Not when the walk would read more than ENTRIES_PER_ROW entries per
 * job the words' index gives (`indexShare` of all, by default the larger of the two shares).
 */
export function bitsWalkPays(w: Walk): boolean {
  if (w.all <= 0 || w.scope <= 0 || w.kept <= 0) return false;
  if (w.rareShare * w.all > Math.min(MAX_EXCLUDED_JOBS, EXCLUDED_PER_WANTED * w.wanted)) return false;
  // The better estimate of the two (a hyphenated word's guess multiplies in its parts' shares,
  // which its joined lexeme implies); a walk reads its listing at most once.
  const best = Math.max(w.share, w.sureShare);
  const rows = (w.indexShare ?? best) * w.all;
  if (best > 0 && walkEntries(w) > ENTRIES_PER_ROW * rows) return false;
  return within(w.sureShare, w, MAX_WALK_JOBS) || within(w.share, w, MAX_GUESSED_WALK_JOBS);
}

/** Whether a walk at `share` of the jobs it passes is expected to find what it wants within `most` entries. */
function within(share: number, w: Pick<Walk, "wanted" | "kept" | "scope">, most: number): boolean {
  return share > 0 && entriesAt(share, w) <= most;
}
