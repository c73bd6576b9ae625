// The geometry of the salary page's two charts, apart from their markup so it can be tested:
// where a distribution's percentiles sit on a bar, and a series of medians as a line.
import type { SalaryPoint } from "../catalog/salary-schemas";

export type BandMark = {
  key: "p10" | "p25" | "median" | "p75" | "p90";
  label: string;
  value: number;
  at: number;
};

const LABELS = {
  p10: "10th",
  p25: "25th",
  median: "Median",
  p75: "75th",
  p90: "90th",
} as const;

/**
 * The percentiles a snapshot has, each at its place (0–100) on a bar from a round amount below
 * the lowest to one above the highest; the median alone when it has none.
 */
export function bandMarks(pay: Pick<SalaryPoint, "median" | "p10" | "p25" | "p75" | "p90">): {
  marks: BandMark[];
  min: number;
  max: number;
} {
  const present = (["p10", "p25", "median", "p75", "p90"] as const).flatMap((key) => {
    const value = pay[key];
    return value === undefined ? [] : [{ key, label: LABELS[key], value }];
  });
  const values = present.map((m) => m.value);
  const step = roundStep(Math.max(...values));
  const min = Math.max(0, Math.floor((Math.min(...values) * 0.9) / step) * step);
  const max = Math.ceil((Math.max(...values) * 1.1) / step) * step;
  const at = (v: number) => (max === min ? 50 : Math.round(((v - min) / (max - min)) * 1000) / 10);
  return { marks: present.map((m) => ({ ...m, at: at(m.value) })), min, max };
}

/** A round step for axis ends: a tenth of the amount's order of magnitude. */
function roundStep(amount: number): number {
  return 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, amount))) - 1);
}

export type TrendGeometry = {
  /** SVG polyline points of the medians, in a width × height box. */
  median: string;
  /** SVG polygon of the 25th–75th band where every point has both, else null. */
  band: string | null;
  low: number;
  high: number;
  points: { x: number; y: number; point: SalaryPoint }[];
};

/** Points spaced by date; the vertical axis spans the values shown, with a little room. */
export function trendGeometry(points: SalaryPoint[], width: number, height: number): TrendGeometry {
  const times = points.map((p) => Date.parse(`${p.as_of}T00:00:00Z`));
  const first = times[0] ?? 0;
  const span = Math.max(1, (times.at(-1) ?? first) - first);
  const withBand = points.every((p) => p.p25 !== undefined && p.p75 !== undefined);
  const values = points.flatMap((p) => (withBand ? [p.p25 ?? p.median, p.p75 ?? p.median] : [p.median]));
  const step = roundStep(Math.max(...values));
  const low = Math.floor((Math.min(...values) * 0.97) / step) * step;
  const high = Math.ceil((Math.max(...values) * 1.03) / step) * step;
  const x = (i: number) => (points.length === 1 ? width / 2 : (((times[i] ?? first) - first) / span) * width);
  const y = (v: number) => height - ((v - low) / Math.max(1, high - low)) * height;
  const fmt = (n: number) => Math.round(n * 10) / 10;
  const placed = points.map((point, i) => ({ x: fmt(x(i)), y: fmt(y(point.median)), point }));
  const line = placed.map((p) => `${p.x},${p.y}`).join(" ");
  const band = withBand
    ? [
        ...points.map((p, i) => `${fmt(x(i))},${fmt(y(p.p75 ?? p.median))}`),
        ...points.map((p, i) => `${fmt(x(i))},${fmt(y(p.p25 ?? p.median))}`).reverse(),
      ].join(" ")
    : null;
  return { median: line, band, low, high, points: placed };
}
