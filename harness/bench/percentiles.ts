// Latency summaries the bench scripts print: nearest-rank percentiles of milliseconds.

/** The p-th percentile (nearest rank) of `xs`; 0 for none. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))] ?? 0;
}

/** "p50 … ms  p95 … ms  max … ms  (n=…)" with `digits` decimals. */
export function latencySummary(xs: readonly number[], digits = 1): string {
  const f = (v: number) => v.toFixed(digits);
  return `p50 ${f(percentile(xs, 50))} ms  p95 ${f(percentile(xs, 95))} ms  max ${f(Math.max(0, ...xs))} ms  (n=${xs.length})`;
}
