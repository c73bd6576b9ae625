// Salary histograms for facets: per currency, ten or fewer buckets of a round width
// (1, 2 or 5 × a power of ten), so the edges read like the amounts job ads use, and the
// percentiles of the same amounts.

export type PayPercentiles = { p10: number; p25: number; p50: number; p75: number; p90: number };

export type Histogram = {
  currency: string;
  period: "year";
  count: number;
} & PayPercentiles & {
    buckets: { min: number; max: number; count: number }[];
  };

/**
 * Percentiles of sorted amounts, interpolated between the two nearest as PostgreSQL's
 * percentile_cont does, rounded to whole units.
 */
export function percentiles(sorted: number[]): PayPercentiles {
  const at = (f: number) => {
    const pos = f * (sorted.length - 1);
    const lo = Math.floor(pos);
    const low = sorted[lo] ?? 0;
    const high = sorted[Math.min(lo + 1, sorted.length - 1)] ?? low;
    return Math.round(low + (high - low) * (pos - lo));
  };
  return { p10: at(0.1), p25: at(0.25), p50: at(0.5), p75: at(0.75), p90: at(0.9) };
}

/** Annual amounts by currency, each list sorted, the most common currency first. */
export function amountsByCurrency(values: { currency: string; amount: number }[]): [string, number[]][] {
  const byCurrency = new Map<string, number[]>();
  for (const v of values) {
    const list = byCurrency.get(v.currency) ?? [];
    list.push(v.amount);
    byCurrency.set(v.currency, list);
  }
  for (const list of byCurrency.values()) list.sort((a, b) => a - b);
  return [...byCurrency].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

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
  return amountsByCurrency(values).map(([currency, amounts]) => {
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
    return { currency, period: "year" as const, count: amounts.length, ...percentiles(amounts), buckets };
  });
}
