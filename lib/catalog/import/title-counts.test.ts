import { describe, expect, it } from "vitest";
import { TitleCounts } from "./title-counts";

describe("TitleCounts", () => {
  it("numbers titles in the order met, one id per exact title", () => {
    const t = new TitleCounts();
    expect([t.add("Nurse", "GB"), t.add("Baker", "DE"), t.add("Nurse", "FR"), t.add("nurse", "GB")]).toEqual([
      1, 2, 1, 3,
    ]);
    expect(t.size).toBe(3);
    expect(t.addRecord({ title: "  Baker ", country: "deu" })).toBe(2);
    expect(t.addRecord({ title: "Baker", country: "nowhere" })).toBe(0);
  });

  it("counts each title's jobs per country, its first country first, past the arrays' first size", () => {
    const t = new TitleCounts();
    for (let i = 0; i < 5_000; i++) t.add(`Title ${i}`, i % 2 ? "DE" : "GB");
    for (let i = 0; i < 3; i++) t.add("Title 4999", "DE");
    t.add("Title 4999", "FR");
    t.add("Title 4999", "GB");
    t.add("Title 4999", "FR");
    expect([...t.byCountry(5_000)]).toEqual([
      ["DE", 4],
      ["FR", 2],
      ["GB", 1],
    ]);
    expect([...t.byCountry(1)]).toEqual([["GB", 1]]);
    expect(t.size).toBe(5_000);
  });
});
