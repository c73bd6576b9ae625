import { describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client";
import { MIN_WANTED_PER_COUNTRY, MOST_WALKED_COUNTRIES, newestFirstSql } from "./region-walk";

const region = (countries: string[]) => ({ country: { kind: "region" as const, code: "R", countries } });
const DEEP = MIN_WANTED_PER_COUNTRY;
const walk = (f: Parameters<typeof newestFirstSql>[2], limit = DEEP, offset = 40) =>
  newestFirstSql(Prisma.sql`id, posted_at`, Prisma.sql`snapshot_id = 1`, f, limit, offset);

describe("a walk by date over a region", () => {
  it("is one branch per country, each reading as far as the walk's end, when the bits decide a deep walk", () => {
    const sql = walk({ ...region(["DE", "FR", "US", "FR"]), wordsByBits: true });
    expect(sql.sql.match(/UNION ALL/g)).toHaveLength(2);
    const end = DEEP + 40;
    expect(sql.values).toEqual(["DE", end, "FR", end, "US", end, DEEP, 40]);
    expect(sql.sql).toMatch(/\) r ORDER BY posted_at DESC, id LIMIT \? OFFSET \?$/);
  });

  it("is one statement for a short page, one country, a walk the words decide, a region too wide, and rare words", () => {
    const wide = Array.from({ length: MOST_WALKED_COUNTRIES + 1 }, (_, i) => `C${i}`);
    const deep = [
      { ...region(["DE"]), wordsByBits: true },
      region(["DE", "FR"]),
      { ...region(wide), wordsByBits: true },
      { wordsByBits: true },
      // An excluded word too rare for a number: its jobs, read from the words' index, once.
      { ...region(["DE", "FR"]), wordsByBits: true, wordBits: { rare: [0], anyOfRare: [] } as never },
      { ...region(["DE", "FR"]), wordsByBits: true, wordBits: { rare: [], anyOfRare: [[{}]] } as never },
    ];
    for (const f of deep) expect(walk(f).sql).not.toContain("UNION ALL");
    // A short page: every country's listing would be read up to its first match for 21 rows.
    expect(walk({ ...region(["DE", "FR"]), wordsByBits: true }, 21, 0).sql).not.toContain("UNION ALL");
  });
});
