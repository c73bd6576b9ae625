import { describe, expect, it } from "vitest";
import { COMBO_CODES, comboCode, comboCodes, decodeCombo } from "./combos";

describe("combination codes", () => {
  it("round-trip every remote, employment type, seniority and pay source, nulls included", () => {
    const seen = new Set<number>();
    for (const parsedPay of [false, true])
      for (const r of [null, "remote", "hybrid", "on_site"])
        for (const t of [null, "full_time", "part_time", "contract", "temporary", "internship"])
          for (const s of [null, "intern", "junior", "mid", "senior", "lead", "principal", "executive"]) {
            const code = comboCode(r, t, s, parsedPay);
            expect(decodeCombo(code)).toEqual({ remote: r, employmentType: t, seniority: s, parsedPay });
            seen.add(code);
          }
    expect(seen.size).toBe(COMBO_CODES);
    expect(Math.max(...seen)).toBe(COMBO_CODES - 1);
    expect(COMBO_CODES).toBeLessThan(32_768); // a SMALLINT
  });

  it("keep stated pay in the codes rows had before pay's source was recorded", () => {
    expect(comboCode("remote", "full_time", "senior")).toBe(
      comboCode("remote", "full_time", "senior", false),
    );
    expect(comboCode("remote", "full_time", "senior", true)).toBe(
      192 + comboCode("remote", "full_time", "senior"),
    );
  });

  it("list exactly the codes a filter allows, both pay sources unless one is asked for", () => {
    expect(comboCodes({})).toBeNull();
    const codes = comboCodes({ remote: ["remote"], seniority: ["senior", "lead"] })!;
    expect(codes).toHaveLength(6 * 2 * 2); // every employment type, null included, either source
    for (const c of codes) {
      const d = decodeCombo(c);
      expect(d.remote).toBe("remote");
      expect(["senior", "lead"]).toContain(d.seniority);
    }
    const stated = comboCodes({ remote: ["remote"], salarySource: "stated" })!;
    expect(stated).toHaveLength(6 * 8);
    expect(stated.every((c) => !decodeCombo(c).parsedPay && decodeCombo(c).remote === "remote")).toBe(true);
    const parsed = comboCodes({ salarySource: "parsed" })!;
    expect(parsed).toHaveLength(192);
    expect(parsed.every((c) => decodeCombo(c).parsedPay)).toBe(true);
  });
});
