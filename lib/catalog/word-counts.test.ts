import { describe, expect, it } from "vitest";
import { comboCode } from "./combos";
import { resolveCountryFilter } from "./countries";
import type { WordBits } from "./keywords/word-bits";
import { boundOf, countryBounds, neededNumbers, type WordCount } from "./word-counts";

const contract = comboCode(null, "contract", null);
const fullTime = comboCode(null, "full_time", "senior");
const counts = new Map<number, WordCount>([
  // Word 1 only in contracts, in DE and FR; word 2 in both kinds; word 3 only in the US.
  [1, { byCode: { [contract]: 40 }, byCountry: { DE: 30, FR: 10 } }],
  [2, { byCode: { [contract]: 5, [fullTime]: 70 }, byCountry: { DE: 75 } }],
  [3, { byCode: { [fullTime]: 9 }, byCountry: { US: 9 } }],
  [-1, { byCode: {}, byCountry: {} }],
]);

describe("boundOf", () => {
  it("is zero when a needed word's jobs are all outside the filters' combinations", () => {
    expect(boundOf(counts, { need: [1, 2], sets: [] }, { employmentType: ["full_time"] })).toBe(0);
    expect(boundOf(counts, { need: [2], sets: [] }, { employmentType: ["full_time"] })).toBe(70);
  });

  it("is the lesser of the counts by combination and by country", () => {
    const de = { country: resolveCountryFilter("DE") ?? undefined };
    expect(boundOf(counts, { need: [2], sets: [] }, { ...de, employmentType: ["contract"] })).toBe(5);
    expect(boundOf(counts, { need: [1], sets: [] }, de)).toBe(30);
    expect(boundOf(counts, { need: [3], sets: [] }, de)).toBe(0);
  });

  it("sums a set's alternatives, and takes the least of the needed words and sets", () => {
    const wanted = { need: [2], sets: [[1, 3]] };
    // By combination: 40 + 9 of the set, 75 of word 2; by country only DE holds both (30).
    expect(boundOf(counts, wanted, {})).toBe(30);
    expect(boundOf(counts, { need: [], sets: [[1, 3]] }, {})).toBe(49);
    expect(boundOf(counts, wanted, { employmentType: ["full_time"] })).toBe(9);
  });

  it("tells stated pay from pay read from text, stated sharing its codes with jobs without pay", () => {
    const parsed = comboCode(null, "contract", null, true);
    const onlyParsed = new Map(counts).set(5, { byCode: { [parsed]: 7 }, byCountry: { DE: 7 } });
    expect(boundOf(onlyParsed, { need: [5], sets: [] }, { salarySource: "parsed" })).toBe(7);
    expect(boundOf(onlyParsed, { need: [5], sets: [] }, { salarySource: "stated" })).toBe(0);
    expect(boundOf(counts, { need: [1], sets: [] }, { salarySource: "stated" })).toBe(40);
  });

  it("counts the jobs without bits as holding every word", () => {
    const withUnknown = new Map(counts).set(-1, { byCode: { [fullTime]: 2 }, byCountry: { DE: 2 } });
    expect(boundOf(withUnknown, { need: [1], sets: [] }, { employmentType: ["full_time"] })).toBe(2);
    expect(
      boundOf(withUnknown, { need: [3], sets: [] }, { country: resolveCountryFilter("DE") ?? undefined }),
    ).toBe(2);
  });
});

describe("countryBounds", () => {
  it("is, per country, no more than its jobs the combination filters keep, nor than hold each needed word there", () => {
    const jobsIn = { DE: 12, FR: 0, US: 500 };
    const bounds = countryBounds(counts, { need: [1], sets: [] }, ["DE", "FR", "US"], jobsIn);
    expect(Object.fromEntries(bounds)).toEqual({ DE: 12, FR: 0, US: 0 });
    // Words 1 (DE, FR) and 3 (US) are never held in one country: nothing matches both, though
    // by combination each is held somewhere.
    const both = countryBounds(counts, { need: [1, 3], sets: [] }, ["DE", "FR", "US"], null);
    expect(Object.fromEntries(both)).toEqual({ DE: 0, FR: 0, US: 0 });
    expect(boundOf(counts, { need: [1, 3], sets: [] }, {})).toBe(0);
  });
});

describe("neededNumbers", () => {
  it("leaves out a set one of whose alternatives is too rare for a number", () => {
    const bits = {
      need: [4],
      anyOf: [[1, 2], [3]],
      anyOfRare: [[], [{ text: "kotlinx" }]],
    } as unknown as WordBits;
    expect(neededNumbers(bits)).toEqual({ need: [4], sets: [[1, 2]] });
  });
});
