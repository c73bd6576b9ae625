// The Studio's per-day chart as numbers: every day of the month, today marked, and a y-axis with
// round ticks. The daily limit is on the scale on the free plan, or when the busiest day comes
// within a tenth of it; on a big plan it would flatten every bar, so it is then left to the caption.

export type ChartDay = { date: string; day: number; count: number; today: boolean };
export type UsageChartModel = {
  days: ChartDay[];
  /** Top of the y-axis; ticks are 0, half and this. */
  yMax: number;
  ticks: number[];
  /** Whether the daily limit is drawn (it is at most yMax). */
  limitShown: boolean;
};

const SMALL_LIMIT = 100;

/** The smallest of 2, 4, 6, 8, 10 × 10ⁿ (at least 2) that is ≥ n: halves are whole numbers. */
export function niceCeiling(n: number): number {
  let scale = 1;
  while (scale * 10 < n) scale *= 10;
  for (const m of [2, 4, 6, 8, 10]) if (m * scale >= n) return m * scale;
  return 10 * scale;
}

export function usageChart(
  perDay: { date: string; count: number }[],
  monthStart: string,
  today: string,
  dailyLimit: number,
): UsageChartModel {
  const [y, m] = monthStart.split("-").map(Number) as [number, number];
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const counts = new Map(perDay.map((d) => [d.date, d.count]));
  const days = Array.from({ length }, (_, i) => {
    const date = `${monthStart.slice(0, 8)}${String(i + 1).padStart(2, "0")}`;
    return { date, day: i + 1, count: counts.get(date) ?? 0, today: date === today };
  });
  const busiest = Math.max(0, ...days.map((d) => d.count));
  const limitShown = dailyLimit <= SMALL_LIMIT || busiest * 10 >= dailyLimit;
  const yMax = niceCeiling(Math.max(limitShown ? dailyLimit : busiest, busiest, 2));
  return { days, yMax, ticks: [0, yMax / 2, yMax], limitShown };
}
