// A posting's description as a small fingerprint that near-identical texts share: one-permutation
// MinHash over word 3-shingles. Each shingle is hashed once and falls into one of BINS bins; a bin
// keeps a one-byte tag of its smallest hash. Two texts agree on a bin about as often as their
// shingle sets overlap (Jaccard similarity), so the share of agreeing bins estimates it, and
// texts that agree on a whole band of bins are the candidates worth comparing.

export const BINS = 32;
/** Bins per band: a candidate pair agrees on every bin of at least one band. */
export const BAND = 4;
export const BANDS = BINS / BAND;
/**
 * The estimated similarity at which two postings of the same title and place are one job. Chosen
 * on the labelled demo set and the hand-written cases (docs/decisions/0029-duplicate-grouping.md).
 */
export const SAME_JOB = 0.72;
/** A bin no shingle fell into; two empty bins agree (both texts are short). */
const EMPTY = 0;
/**
 * Bins a description fills when it is long enough (about 40 words) for its likeness to another
 * to say on its own that both are one job, whoever posted them: an agency's copy names another
 * company. Shorter descriptions ("See our website.") say too little: they group only within
 * one company.
 */
export const TELLING_BINS = 24;

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Whether a UTF-16 unit is part of a word: ASCII letters and digits; beyond ASCII, anything but
 * the common punctuation and space blocks (a sketch needs the same words for the same text, not
 * a linguist's).
 */
function wordUnit(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
  if (c < 0xc0) return false; // Latin-1 punctuation, symbols, no-break space
  if (c === 0xd7 || c === 0xf7) return false; // × ÷
  if (c >= 0x2000 && c <= 0x2bff) return false; // spaces, punctuation, symbols, arrows
  if (c >= 0x3000 && c <= 0x303f) return false; // CJK punctuation
  return c !== 0xfeff && !(c >= 0xff00 && c <= 0xff0f);
}

/** Lower-cased, and NFKC where the text is not ASCII (one form for "é" and "é"). */
const folded = (raw: string) => (NON_ASCII.test(raw) ? raw.normalize("NFKC") : raw).toLowerCase();

/**
 * Calls `each` with the FNV-1a hash of every word (letters and digits) of a folded text in
 * order, without making a string per word; returns how many there were.
 */
function eachWord(text: string, each: (h: number) => void): number {
  let n = 0;
  let h = 0x811c9dc5;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (wordUnit(c)) {
      h = Math.imul(h ^ c, 0x01000193);
      inWord = true;
    } else if (inWord) {
      each(h);
      n++;
      h = 0x811c9dc5;
      inWord = false;
    }
  }
  if (inWord) {
    each(h);
    n++;
  }
  return n;
}

/** A final mix (murmur3's), so that nearby shingle hashes spread over bins and tags. */
function mix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Under this many shingles a text is too short to compare bin by bin: it is fingerprinted whole. */
const SHORT_SHINGLES = 16;
/** Bins a short text's fingerprint fills: eight one-byte pieces of two 32-bit hashes. */
const FINGERPRINT_BINS = 8;

const tag = (x: number) => (x % 255) + 1;

/** The sketch's bytes: BINS one-byte tags (1–255; 0 for an empty bin). */
export function sketchBytes(raw: string): Uint8Array {
  const mins = new Uint32Array(BINS).fill(0xffffffff);
  const tags = new Uint8Array(BINS);
  const text = folded(raw);
  // The scan of eachWord, inlined: this runs once per imported job.
  let a = 0;
  let b = 0;
  let n = 0;
  let h = 0x811c9dc5;
  let inWord = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (wordUnit(c)) {
      h = Math.imul(h ^ c, 0x01000193);
      inWord = true;
      continue;
    }
    if (!inWord) continue;
    if (++n >= 3) {
      const s = mix(Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ h);
      const bin = s & (BINS - 1);
      // The bin's rank is the hash's top bits; the tag comes from a second mix of the same shingle.
      const rank = s >>> 5;
      if (rank < (mins[bin] as number)) {
        mins[bin] = rank;
        tags[bin] = tag(mix(s ^ 0x5bd1e995));
      }
    }
    a = b;
    b = h;
    h = 0x811c9dc5;
    inWord = false;
  }
  // A short text ("Apply in store.") matches another only word for word: the whole text's words,
  // hashed in order twice.
  if (n > 0 && n - 2 < SHORT_SHINGLES) {
    let whole1 = 0x811c9dc5;
    let whole2 = 0x5bd1e995;
    eachWord(text, (w) => {
      whole1 = mix(whole1 ^ w);
      whole2 = mix(Math.imul(whole2, 0x9e3779b1) ^ w);
    });
    tags.fill(0);
    for (let i = 0; i < FINGERPRINT_BINS; i++) {
      const word = i < 4 ? whole1 : whole2;
      tags[i] = tag((word >>> ((i % 4) * 8)) & 0xff);
    }
  }
  return tags;
}

/** The sketch as COPY text of a bytea (`\\x…`: the backslash escaped for COPY). */
export function sketchCopyText(text: string): string {
  return `\\${sketchValue(text)}`;
}

/** The sketch as a bytea literal for an INSERT parameter. */
export function sketchValue(text: string): string {
  return `\\x${Buffer.from(sketchBytes(text)).toString("hex")}`;
}

/**
 * The estimated Jaccard similarity of two texts' shingles: of the bins either text filled, the
 * share where both hold the same tag. The SQL twin is similaritySql (same-job-sql.ts).
 */
export function similarity(x: Uint8Array, y: Uint8Array): number {
  let filled = 0;
  let same = 0;
  for (let i = 0; i < BINS; i++) {
    if (x[i] === EMPTY && y[i] === EMPTY) continue;
    filled++;
    if (x[i] === y[i]) same++;
  }
  return filled === 0 ? 1 : same / filled;
}

/** Bins the text filled: how much a likeness between it and another can tell. */
export function filledBins(x: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < BINS; i++) if (x[i] !== EMPTY) n++;
  return n;
}

/** The grouping's rule for two postings of one title and place (same-job-sql.ts in SQL). */
export function sameJob(
  x: { sketch: Uint8Array; company: string },
  y: { sketch: Uint8Array; company: string },
): boolean {
  const telling = filledBins(x.sketch) >= TELLING_BINS && filledBins(y.sketch) >= TELLING_BINS;
  const oneCompany = x.company.trim().toLowerCase() === y.company.trim().toLowerCase();
  return (telling || oneCompany) && similarity(x.sketch, y.sketch) >= SAME_JOB;
}
