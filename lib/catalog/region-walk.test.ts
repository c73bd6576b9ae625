import { describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client";
import { MOST_WALKED_COUNTRIES, newestFirstSql, walksCountries } from "./region-walk";

const region = (countries: string[]) => ({ country: { kind: "region" as const, code: "R", countries } });
const walk = (f: Parameters<typeof newestFirstSql>[2]) =>
  newestFirstSql(Prisma.sql`id, posted_at`, Prisma.sql`snapshot_id = 1`, f, 20, 40);

describe("a walk by date over a region", () => {
  it("is one branch per country, each reading as far as the page's end, when the bits decide it", () => {
    const sql = walk({ ...region(["DE", "FR", "US"]), wordsByBits: true });
    expect(sql.sql.match(/UNION ALL/g)).toHaveLength(2);
    expect(sql.values).toEqual(["DE", 60, "FR", 60, "US", 60, 20, 40]);
    expect(sql.sql).toMatch(/\) r ORDER BY posted_at DESC, id LIMIT \? OFFSET \?$/);
  });

  it("is one statement for one country, a walk the words decide, a region too wide to plan per country, and rare words", () => {
    const wide = Array.from({ length: MOST_WALKED_COUNTRIES + 1 }, (_, i) => `C${i}`);
    for (const f of [
      { ...region(["DE"]), wordsByBits: true },
      region(["DE", "FR"]),
      { ...region(wide), wordsByBits: true },
      // An excluded word too rare for a number: its jobs, read from the words' index, once.
      { ...region(["DE", "FR"]), wordsByBits: true, wordBits: { rare: [0], anyOfRare: [] } as never },
      { ...region(["DE", "FR"]), wordsByBits: true, wordBits: { rare: [], anyOfRare: [[{}]] } as never },
      { wordsByBits: true },
    ])
      expect(walk(f).sql).not.toContain("UNION ALL");
    expect(walksCountries(region(["DE"]))).toBe(true);
    expect(walksCountries(region(wide))).toBe(false);
    expect(walksCountries({})).toBe(false);
  });
});
