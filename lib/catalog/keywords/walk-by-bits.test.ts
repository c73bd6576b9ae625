import { describe, expect, it } from "vitest";
import {
  BITS_WALK_DEADLINE_MS,
  bitsWalkDeadlineMs,
  bitsWalkMs,
  bitsWalkPays,
  comboLeads,
  ENTRIES_PER_ROW,
  heldShares,
  MAX_EXCLUDED_JOBS,
  MAX_GUESSED_WALK_JOBS,
  MAX_WALK_JOBS,
  titledWalkPays,
  WALK_DEADLINE_MS,
  walkDeadlineMs,
  walkEntries,
} from "./walk-by-bits";

const million = {
  all: 1_000_000,
  scope: 1_000_000,
  kept: 1_000_000,
  share: 0.5,
  sureShare: 0.5,
  rareShare: 0,
  wanted: 21,
};

describe("bitsWalkPays", () => {
  it("lets the bits walk while the entries it must read at the least share stay within MAX_WALK_JOBS", () => {
    // One common word among the few jobs narrow filters keep: 1,001 wanted at a density of 0.0015.
    const deep = { ...million, kept: 20_000, share: 0.075, sureShare: 0.075, wanted: 1_001 };
    expect(1_001 / (0.075 * 0.02)).toBeGreaterThan(MAX_GUESSED_WALK_JOBS);
    expect(1_001 / (0.075 * 0.02)).toBeLessThan(MAX_WALK_JOBS);
    expect(bitsWalkPays(deep)).toBe(true);
    expect(bitsWalkPays({ ...deep, kept: 2_000 })).toBe(false);
    expect(bitsWalkPays({ ...deep, share: 0, sureShare: 0 })).toBe(false);
    expect(bitsWalkPays({ ...deep, all: 0, kept: 0 })).toBe(false);
  });

  it("trusts a share guessed from independent words only for a walk of MAX_GUESSED_WALK_JOBS", () => {
    // Two words of 12 % and 14 %: guessed 1.8 % together, sure of nothing.
    const pair = { ...million, share: 0.0176, sureShare: 0, wanted: 10_000 };
    expect(10_000 / 0.0176).toBeGreaterThan(MAX_GUESSED_WALK_JOBS);
    expect(bitsWalkPays(pair)).toBe(false);
    expect(bitsWalkPays({ ...pair, wanted: 1_001 })).toBe(true);
    // The same guess, sure: the longer walk is allowed where the words' index would read more
    // rows (ten million jobs: 176,000 of them), not where it reads 17,600 at a million.
    const tenMillion = { all: 10_000_000, scope: 10_000_000, kept: 10_000_000 };
    expect(bitsWalkPays({ ...pair, ...tenMillion, sureShare: 0.0176 })).toBe(true);
    expect(bitsWalkPays({ ...pair, sureShare: 0.0176 })).toBe(false);
  });

  it("leaves to the words' index a walk longer than ENTRIES_PER_ROW entries per row it would read", () => {
    // The facets' sample of a word held by 2 % of a million jobs: 500,000 entries, or 20,000 rows.
    const word = { ...million, share: 0.02, sureShare: 0.02, wanted: 10_000 };
    expect(10_000 / 0.02).toBeGreaterThan(ENTRIES_PER_ROW * 20_000);
    expect(bitsWalkPays(word)).toBe(false);
    // Its first page: 1,050 entries.
    expect(bitsWalkPays({ ...word, wanted: 21 })).toBe(true);
    // At ten million jobs the same sample is 200,000 rows away by the words' index.
    expect(bitsWalkPays({ ...word, all: 10_000_000, scope: 10_000_000, kept: 10_000_000 })).toBe(true);
    // A hyphenated word: the guess multiplies its parts' shares, the sure share is its own.
    expect(bitsWalkPays({ ...word, share: 0.0038, sureShare: 0.08 })).toBe(true);
    // No job in the filters' combinations: the filters' index answers.
    expect(bitsWalkPays({ ...word, wanted: 21, kept: 0 })).toBe(false);
    // A listing shorter than the walk expects is read once at most: 1,000 entries, not 20,000.
    const small = { ...word, all: 1_000, scope: 1_000, kept: 1_000, share: 0.5, sureShare: 0.5 };
    expect(10_000 / 0.5).toBeGreaterThan(ENTRIES_PER_ROW * 0.5 * 1_000);
    expect(bitsWalkPays(small)).toBe(true);
  });

  it("counts the entries of one country's listing when the walk keeps to one country", () => {
    // The facets of a word held by a third of jobs, in a country of 18,000 of a million.
    const ireland = { ...million, scope: 18_000, kept: 18_000, share: 0.34, sureShare: 0.34, wanted: 10_000 };
    expect(bitsWalkPays(ireland)).toBe(true);
    // Over every country's listing, the same 10,000 would be 1.6 million entries away.
    expect(bitsWalkPays({ ...ireland, scope: million.all })).toBe(false);
  });

  it("leaves a short page to the words when the rare excluded words' jobs outnumber it a hundredfold", () => {
    // 12,000 jobs hold the excluded word: read whole before the walk starts.
    const excluding = { ...million, rareShare: 0.012 };
    expect(bitsWalkPays({ ...excluding, wanted: 21 })).toBe(false);
    expect(bitsWalkPays({ ...excluding, wanted: 101 })).toBe(false);
    expect(bitsWalkPays({ ...excluding, wanted: 1_001 })).toBe(true);
    expect(bitsWalkPays({ ...excluding, wanted: 10_000 })).toBe(true);
  });

  it("never lets the bits walk past MAX_EXCLUDED_JOBS excluded jobs, however deep the page", () => {
    const excluding = { ...million, rareShare: (MAX_EXCLUDED_JOBS + 1) / million.all, wanted: 10_000 };
    expect(bitsWalkPays(excluding)).toBe(false);
    expect(bitsWalkPays({ ...excluding, rareShare: MAX_EXCLUDED_JOBS / million.all })).toBe(true);
  });
});

describe("a walk by bits' deadline", () => {
  it("grows with the entries it expects, from a walk by words' deadline up to the bits' longest", () => {
    // A phrase and a word guessed to meet in one job in 600: 21 wanted, about 12,600 entries.
    const guessed = { ...million, share: 1 / 600, sureShare: 0 };
    expect(walkEntries(guessed)).toBeCloseTo(12_600);
    expect(bitsWalkDeadlineMs(walkEntries(guessed))).toBe(WALK_DEADLINE_MS);
    expect(bitsWalkDeadlineMs(100_000)).toBe(800);
    expect(bitsWalkDeadlineMs(MAX_WALK_JOBS)).toBe(BITS_WALK_DEADLINE_MS);
    // Its listing at most, however small the share.
    expect(walkEntries({ ...million, share: 1e-9, sureShare: 0 })).toBe(million.scope);
  });

  it("is the walk's own when forWalk gave one, the longest when not, a walk by words' without bits", () => {
    expect(walkDeadlineMs({ wordsByBits: true, bitsWalkMs: 400 })).toBe(400);
    expect(walkDeadlineMs({ wordsByBits: true })).toBe(BITS_WALK_DEADLINE_MS);
    expect(walkDeadlineMs({})).toBe(WALK_DEADLINE_MS);
  });

  it("is cut to the entries expected only for a walk trusted on the guessed share alone", () => {
    // The sure share allows the walk (an exclusion of a rare word): it will find its matches.
    expect(bitsWalkMs({ ...million, share: 0.3, sureShare: 0.29 })).toBe(BITS_WALK_DEADLINE_MS);
    // Two words that may never meet: Fréchet's bound says nothing, the guess one job in 600.
    expect(bitsWalkMs({ ...million, share: 1 / 600, sureShare: 0 })).toBe(WALK_DEADLINE_MS);
  });
});

describe("a titled search's walk of its sort listing", () => {
  // One country of a million jobs; a broad title holds a tenth of them.
  const walk = { share: 0.2, titleJobs: 100_000, scope: 1_000_000, kept: 1_000_000, wanted: 101 };

  it("is decided by the bits when its matches are expected within the guessed walk's reach", () => {
    // 101 wanted at 0.2 × 0.1 of the entries: about 5,000 entries.
    expect(titledWalkPays(walk)).toBe(true);
    expect(titledWalkPays({ ...walk, share: 101 / (MAX_GUESSED_WALK_JOBS * 0.1) })).toBe(true);
  });

  it("is left to the words (and the planner's choice of their index) when they are expected sparse", () => {
    expect(titledWalkPays({ ...walk, share: 0.0004 })).toBe(false);
    // Filters that keep a fortieth of the scope make the same words sparse among the entries.
    expect(titledWalkPays({ ...walk, share: 0.02, kept: 25_000 })).toBe(false);
    expect(titledWalkPays({ ...walk, share: 0 })).toBe(false);
    expect(titledWalkPays({ ...walk, scope: 0 })).toBe(false);
  });
});

describe("heldShares", () => {
  it("caps the bits' shares at the part of the filters' jobs the word counts allow", () => {
    const bits = { share: 0.4, sureShare: 0.3 };
    // A word of full-time ads among 50,000 contracts: at most 200 of them hold it.
    expect(heldShares(bits, 200, 50_000)).toEqual({ share: 0.004, sureShare: 0.004 });
    expect(heldShares(bits, 0, 50_000)).toEqual({ share: 0, sureShare: 0 });
    // Counts that allow more than the guess, or none known, leave the shares.
    expect(heldShares(bits, 45_000, 50_000)).toEqual(bits);
    expect(heldShares(bits, null, 50_000)).toEqual(bits);
  });

  it("turns a walk for a word the filters' jobs rarely hold away from the bits", () => {
    const narrow = { ...million, kept: 50_000, wanted: 1_001 };
    expect(bitsWalkPays(narrow)).toBe(true);
    const held = heldShares(narrow, 200, narrow.kept);
    expect(bitsWalkPays({ ...narrow, ...held, indexShare: narrow.share })).toBe(false);
  });
});

describe("comboLeads", () => {
  // A country of 183,000 jobs, 20,800 of them remote; a word a third of them hold.
  const us = { ...million, scope: 183_000, kept: 20_800, share: 0.3, sureShare: 0.3 };

  it("reads the combination's jobs whole when a walk by date would pass more entries", () => {
    expect(walkEntries({ ...us, wanted: 10_000 })).toBe(183_000);
    expect(comboLeads({ ...us, wanted: 10_000 }, true)).toBe(true);
  });

  it("walks by date when a page's few matches come sooner than the combination's jobs end", () => {
    expect(walkEntries({ ...us, wanted: 21 })).toBeLessThan(1_000);
    expect(comboLeads({ ...us, wanted: 21 }, true)).toBe(false);
  });

  it("needs combination filters that keep fewer jobs than the listing holds", () => {
    expect(comboLeads({ ...us, wanted: 10_000 }, false)).toBe(false);
    expect(comboLeads({ ...us, kept: us.scope, wanted: 10_000 }, true)).toBe(false);
  });
});
