import { describe, expect, it } from "vitest";
import { comboListingPays, MAX_COMBO_LISTING_JOBS, MAX_COMBO_RARE_JOBS } from "./combo-listing";

describe("comboListingPays", () => {
  it("reads a combination's jobs by their bits while they are few enough for a count's time", () => {
    expect(comboListingPays({ all: 1_000_000, kept: 20_812, rareShare: 0.003 })).toBe(true);
    expect(comboListingPays({ all: 1_000_000, kept: MAX_COMBO_LISTING_JOBS + 1, rareShare: 0 })).toBe(false);
    expect(comboListingPays({ all: 1_000_000, kept: 0, rareShare: 0 })).toBe(false);
  });

  it("leaves the words to decide when the rare words' jobs, read first, are too many", () => {
    const over = (MAX_COMBO_RARE_JOBS + 1) / 1_000_000;
    expect(comboListingPays({ all: 1_000_000, kept: 20_812, rareShare: over })).toBe(false);
  });
});
