import { describe, expect, it } from "vitest";
import { comboCode, comboCodes, decodeCombo } from "./combos";

describe("combination codes", () => {
  it("round-trip every remote, employment type and seniority, nulls included", () => {
    const seen = new Set<number>();
    for (const r of [null, "remote", "hybrid", "on_site"])
      for (const t of [null, "full_time", "part_time", "contract", "temporary", "internship"])
        for (const s of [null, "intern", "junior", "mid", "senior", "lead", "principal", "executive"]) {
          const code = comboCode(r, t, s);
          expect(decodeCombo(code)).toEqual({ remote: r, employmentType: t, seniority: s });
          seen.add(code);
        }
    expect(seen.size).toBe(192);
    expect(Math.max(...seen)).toBeLessThan(32_768); // a SMALLINT
  });
  it("list exactly the codes a filter allows", () => {
    expect(comboCodes({})).toBeNull();
    const codes = comboCodes({ remote: ["remote"], seniority: ["senior", "lead"] })!;
    expect(codes).toHaveLength(6 * 2); // every employment type, null included
    for (const c of codes) {
      const d = decodeCombo(c);
      expect(d.remote).toBe("remote");
      expect(["senior", "lead"]).toContain(d.seniority);
    }
  });
});
