import { describe, expect, it } from "vitest";
import { comboCode } from "../combos";
import { COMMON_WORD_BITS } from "../keywords/common-words";
import { addWordCounts, emptyWordCounts, NUMBERS, tallyJob, wordCountRows } from "./word-tally";

/** A job's words as BuiltWords holds them: words, a tab, its bits in hexadecimal, a tab, its list. */
function built(bits: number[], more: number[]): Uint8Array {
  const nibbles = new Uint8Array(COMMON_WORD_BITS / 4);
  for (const n of bits) nibbles[n >> 2] = (nibbles[n >> 2] as number) | (8 >> (n & 3));
  const hex = [...nibbles].map((v) => v.toString(16)).join("");
  return Buffer.from(`'nurs':1A 'ward':2\tx${hex}\t{${more.join(",")}}`);
}

const contract = comboCode(null, "contract", null);
const fullTime = comboCode("remote", "full_time", "senior");

describe("word tally", () => {
  it("counts each number a job holds, bits and list alike, under its code and its country", () => {
    const counts = emptyWordCounts();
    tallyJob(counts, built([0, 5, 1023], [1024, 1771, 1920]), contract, "DE");
    tallyJob(counts, built([5], []), fullTime, "DE");
    tallyJob(counts, built([5], [1771]), contract, "FR");
    const at = (code: number, n: number) => counts.byCode[code * NUMBERS + n];
    expect([at(contract, 0), at(contract, 5), at(contract, 1023), at(contract, 1024)]).toEqual([1, 2, 1, 1]);
    expect([at(contract, 1771), at(contract, 1920), at(fullTime, 5), at(fullTime, 0)]).toEqual([2, 1, 1, 0]);
    expect(counts.byCountry.DE?.[5]).toBe(2);
    expect(counts.byCountry.FR?.[1771]).toBe(1);
    expect(counts.byCountry.FR?.[0]).toBe(0);
    expect(counts.byCode.reduce((s, v) => s + v, 0)).toBe(6 + 1 + 2);
  });

  it("counts a job without bits (its words made by the database) apart, as holding any word", () => {
    const counts = emptyWordCounts();
    tallyJob(counts, null, contract, "AT");
    tallyJob(counts, null, contract, "AT");
    expect(counts.unknownByCode[contract]).toBe(2);
    expect(counts.unknownByCountry).toEqual({ AT: 2 });
    expect(counts.byCode.every((v) => v === 0)).toBe(true);
  });

  it("adds one worker's counts into another's, countries only one side saw included", () => {
    const a = emptyWordCounts();
    const b = emptyWordCounts();
    tallyJob(a, built([7], []), contract, "DE");
    tallyJob(b, built([7], [1030]), contract, "DE");
    tallyJob(b, built([7], []), fullTime, "PL");
    tallyJob(b, null, fullTime, "PL");
    addWordCounts(a, b);
    expect(a.byCode[contract * NUMBERS + 7]).toBe(2);
    expect(a.byCode[fullTime * NUMBERS + 7]).toBe(1);
    expect(a.byCountry.DE?.[7]).toBe(2);
    expect(a.byCountry.PL?.[7]).toBe(1);
    expect(a.byCountry.DE?.[1030]).toBe(1);
    expect(a.unknownByCountry).toEqual({ PL: 1 });
  });

  it("are stored per number as its nonzero counts, with the jobs without bits under -1", () => {
    const counts = emptyWordCounts();
    tallyJob(counts, built([3], []), contract, "DE");
    tallyJob(counts, built([3], []), fullTime, "DE");
    tallyJob(counts, null, fullTime, "ES");
    expect(wordCountRows(counts, [3, 4])).toEqual([
      { bit: 3, by_code: { [contract]: 1, [fullTime]: 1 }, by_country: { DE: 2 } },
      { bit: 4, by_code: {}, by_country: {} },
      { bit: -1, by_code: { [fullTime]: 1 }, by_country: { ES: 1 } },
    ]);
  });
});
