// How many jobs hold each numbered word or phrase, per combination code (remote, employment type,
// seniority, pay's source) and per country: what a search's words can match among its filters'
// jobs at most (lib/catalog/word-counts.ts), so that words the filters' jobs never hold answer
// nothing without a walk, and a walk's expectations follow the words' share among those jobs.
// Counted from each job's bits and list as the loader wrote them; a job whose words the database
// made (no bits yet) is counted as holding every word, so the counts stay upper bounds.
import { COMBO_CODES } from "../combos";
import { COMMON_PHRASES, COMMON_WORD_BITS, PHRASE_BASE } from "../keywords/common-words";

/** Numbers a job can hold: the bits, the more words and the phrases. */
export const NUMBERS = PHRASE_BASE + COMMON_PHRASES;
const TAB = 9;
const OPEN = 123; // '{'
const COMMA = 44;
const HEX_DIGITS = COMMON_WORD_BITS / 4;
/** A hexadecimal digit's value by its character code. */
const HEX_VALUE = new Uint8Array(128);
for (let d = 0; d < 16; d++) HEX_VALUE[d.toString(16).charCodeAt(0)] = d;

/** The counts of one import's jobs, as a worker hands them over (typed arrays clone cheaply). */
export type WordCounts = {
  /** Per combination code c and number n, at c * NUMBERS + n: the jobs holding it. */
  byCode: Int32Array;
  /** Per country, per number: the jobs holding it. */
  byCountry: Record<string, Int32Array>;
  /** Jobs without bits (their words made by the database), per code and per country. */
  unknownByCode: Int32Array;
  unknownByCountry: Record<string, number>;
};

export function emptyWordCounts(): WordCounts {
  return {
    byCode: new Int32Array(COMBO_CODES * NUMBERS),
    byCountry: {},
    unknownByCode: new Int32Array(COMBO_CODES),
    unknownByCountry: {},
  };
}

/**
 * Counts one job of combination `code` in `country`, from its words as BuiltWords holds them
 * (its words, a tab, `x` and its bits in hexadecimal, bit 0 first, a tab, and its list in
 * braces), or as holding every word when `built` is null.
 */
export function tallyJob(into: WordCounts, built: Uint8Array | null, code: number, country: string): void {
  if (built === null) {
    into.unknownByCode[code] = (into.unknownByCode[code] as number) + 1;
    into.unknownByCountry[country] = (into.unknownByCountry[country] ?? 0) + 1;
    return;
  }
  let perCountry = into.byCountry[country];
  if (!perCountry) {
    perCountry = new Int32Array(NUMBERS);
    into.byCountry[country] = perCountry;
  }
  const row = code * NUMBERS;
  const byCode = into.byCode;
  // The list is short: found from the end (escaped words hold no tab).
  let listAt = built.length - 1;
  while (built[listAt] !== TAB) listAt--;
  const bitsAt = listAt - HEX_DIGITS;
  // Eight hexadecimal digits at a time into 32 bits (bit 0 the highest), then only the set ones
  // are visited: a job holds few of the common words.
  for (let i = 0; i < HEX_DIGITS; i += 8) {
    let word = 0;
    for (let j = 0; j < 8; j++) word = (word << 4) | (HEX_VALUE[built[bitsAt + i + j] as number] as number);
    while (word !== 0) {
      const k = Math.clz32(word);
      word &= ~(0x80000000 >>> k);
      const n = 4 * i + k;
      byCode[row + n] = (byCode[row + n] as number) + 1;
      perCountry[n] = (perCountry[n] as number) + 1;
    }
  }
  if (built[listAt + 1] !== OPEN) return;
  let n = 0;
  let digits = 0;
  for (let i = listAt + 2; i < built.length; i++) {
    const c = built[i] as number;
    if (c >= 48 && c <= 57) {
      n = 10 * n + (c - 48);
      digits++;
      continue;
    }
    if (digits > 0 && n < NUMBERS) {
      byCode[row + n] = (byCode[row + n] as number) + 1;
      perCountry[n] = (perCountry[n] as number) + 1;
    }
    if (c !== COMMA) break;
    n = 0;
    digits = 0;
  }
}

/** Adds one import worker's counts into another's. */
export function addWordCounts(into: WordCounts, from: WordCounts): void {
  for (let i = 0; i < from.byCode.length; i++)
    into.byCode[i] = (into.byCode[i] as number) + (from.byCode[i] as number);
  for (let i = 0; i < from.unknownByCode.length; i++)
    into.unknownByCode[i] = (into.unknownByCode[i] as number) + (from.unknownByCode[i] as number);
  for (const [country, counts] of Object.entries(from.byCountry)) {
    const mine = into.byCountry[country];
    if (!mine) into.byCountry[country] = counts.slice();
    else for (let n = 0; n < counts.length; n++) mine[n] = (mine[n] as number) + (counts[n] as number);
  }
  for (const [country, n] of Object.entries(from.unknownByCountry))
    into.unknownByCountry[country] = (into.unknownByCountry[country] ?? 0) + n;
}

/**
 * The rows word_counts stores for `numbered` numbers (the snapshot's words and phrases): per
 * number its nonzero counts by code and by country, and number -1 for the jobs without bits.
 */
export function wordCountRows(
  counts: WordCounts,
  numbered: readonly number[],
): { bit: number; by_code: Record<string, number>; by_country: Record<string, number> }[] {
  const rows = numbered.map((bit) => {
    const byCode: Record<string, number> = {};
    for (let c = 0; c < COMBO_CODES; c++) {
      const v = counts.byCode[c * NUMBERS + bit] as number;
      if (v) byCode[c] = v;
    }
    const byCountry: Record<string, number> = {};
    for (const [country, perNumber] of Object.entries(counts.byCountry)) {
      const v = perNumber[bit] as number;
      if (v) byCountry[country] = v;
    }
    return { bit, by_code: byCode, by_country: byCountry };
  });
  const unknownByCode: Record<string, number> = {};
  counts.unknownByCode.forEach((v, c) => {
    if (v) unknownByCode[c] = v;
  });
  rows.push({ bit: -1, by_code: unknownByCode, by_country: { ...counts.unknownByCountry } });
  return rows;
}
