// Salary histograms for facets: per currency, ten or fewer buckets of a round width
// (1, 2 or 5 × a power of ten), so the edges read like the amounts job ads use.

export type Histogram = {
  currency: string;
  period: "year";
  count: number;
  buckets: { min: number; max: number; count: number }[];
};

const BUCKETS = 10;

/** A round width; never finer than a hundredth of the amounts (one salary is one bucket, not 1-wide). */
function roundStep(span: number, low: number): number {
  const raw = Math.max(1, span / BUCKETS, low / 100);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step ?? 10 * power;
}

/** Annual amounts → one histogram per currency, the most common currency first. */
export function salaryHistogram(values: { currency: string; amount: number }[]): Histogram[] {
  const byCurrency = new Map<string, number[]>();
  for (const v of values) {
    const list = byCurrency.get(v.currency) ?? [];
    list.push(v.amount);
    byCurrency.set(v.currency, list);
  }
  const out: Histogram[] = [];
  for (const [currency, amounts] of byCurrency) {
    amounts.sort((a, b) => a - b);
    // The 1st to 99th percentile sets the width; outliers land in the end buckets.
    const lo = amounts[Math.floor(amounts.length * 0.01)] ?? 0;
    const hi = amounts[Math.min(amounts.length - 1, Math.floor(amounts.length * 0.99))] ?? lo;
    const step = roundStep(hi - lo, lo);
    const start = Math.floor(lo / step) * step;
    const last = Math.max(0, Math.min(BUCKETS - 1, Math.floor((hi - start) / step)));
    const buckets = Array.from({ length: last + 1 }, (_, i) => ({
      min: start + i * step,
      max: start + (i + 1) * step,
      count: 0,
    }));
    for (const a of amounts) {
      const i = Math.max(0, Math.min(last, Math.floor((a - start) / step)));
      const b = buckets[i];
      if (b) b.count++;
    }
    out.push({ currency, period: "year", count: amounts.length, buckets });
  }
  return out.sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
}
