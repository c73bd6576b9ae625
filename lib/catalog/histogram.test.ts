import { describe, expect, it } from "vitest";
import { salaryHistogram } from "./histogram";

describe("salary histograms", () => {
  it("make round buckets per currency, most common currency first, every amount counted", () => {
    const eur = Array.from({ length: 100 }, (_, i) => ({ currency: "EUR", amount: 40_000 + i * 600 }));
    const usd = [{ currency: "USD", amount: 120_000 }];
    const [first, second] = salaryHistogram([...usd, ...eur]);
    expect(first?.currency).toBe("EUR");
    expect(first?.buckets.length).toBeLessThanOrEqual(10);
    expect(first?.buckets.reduce((s, b) => s + b.count, 0)).toBe(100);
    for (const b of first?.buckets ?? []) expect((b.max - b.min) % 1000).toBe(0);
    expect(first?.buckets[0]?.min).toBeLessThanOrEqual(40_000);
    expect(second).toMatchObject({ currency: "USD", count: 1, buckets: [{ count: 1 }] });
  });
  it("puts outliers in the end buckets", () => {
    const xs = Array.from({ length: 200 }, (_, i) => ({ currency: "GBP", amount: 30_000 + i * 100 }));
    xs.push({ currency: "GBP", amount: 5_000_000 });
    const [h] = salaryHistogram(xs);
    expect(h?.buckets.at(-1)?.count).toBeGreaterThan(0);
    expect(h?.buckets.reduce((s, b) => s + b.count, 0)).toBe(201);
  });
  it("gives a single salary a round bucket", () => {
    expect(salaryHistogram([{ currency: "EUR", amount: 27_500 }])[0]?.buckets).toEqual([
      { min: 27_500, max: 28_000, count: 1 },
    ]);
  });
  it("is empty without salaries", () => {
    expect(salaryHistogram([])).toEqual([]);
  });
});
