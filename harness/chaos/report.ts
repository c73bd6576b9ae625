// One row per scenario, the assertions every scenario shares, and the final table.
import type { Outcome } from "./http";

/** Limits that hold in every scenario (a scenario may add stricter ones of its own). */
export const GENERAL = {
  /** No request may take longer than this. */
  maxRequestMs: 6_500,
  /** Peak server RSS. */
  maxRssMb: 600,
  /** 5xx statuses that are documented (with Retry-After): anything else, 500 above all, fails. */
  allowed5xx: [503],
};

export type Row = {
  name: string;
  sent: number;
  s2xx: number;
  s4xx: number;
  s503: number;
  s5xxOther: number;
  netErrors: number;
  /** Keyed requests answered 200. */
  admitted: number;
  /** key_usage delta over the scenario's keys. */
  charged: number | undefined;
  slowestMs: number;
  peakRssMb: number;
  failures: string[];
  notes: string[];
};

export function tally(name: string, outcomes: Outcome[]): Row {
  const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
  return {
    name,
    sent: outcomes.length,
    s2xx: count((o) => o.status >= 200 && o.status < 300),
    s4xx: count((o) => o.status >= 400 && o.status < 500),
    s503: count((o) => o.status === 503),
    s5xxOther: count((o) => o.status >= 500 && o.status !== 503),
    netErrors: count((o) => o.status === 0),
    admitted: count((o) => o.keyId !== undefined && o.status === 200),
    charged: undefined,
    slowestMs: outcomes.reduce((m, o) => Math.max(m, o.ms), 0),
    peakRssMb: 0,
    failures: [],
    notes: [],
  };
}

/** Counts by status (and network error code), for the notes: "200×50 429×90 0:ECONNRESET×3". */
export function statusSummary(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const k = o.status === 0 ? `0:${o.error}` : String(o.status);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}×${n}`)
    .join(" ");
}

/** The assertions that hold everywhere; the charge check is per key and done by the caller. */
export function generalFailures(row: Row, outcomes: Outcome[]): string[] {
  const out: string[] = [];
  const bad5xx = outcomes.filter((o) => o.status >= 500 && !GENERAL.allowed5xx.includes(o.status));
  if (bad5xx.length) {
    const paths = [...new Set(bad5xx.map((o) => o.path.split("?")[0]))].slice(0, 3).join(", ");
    out.push(`${bad5xx.length} responses with undocumented 5xx (${statusSummary(bad5xx)}) on ${paths}`);
  }
  const slow = outcomes.filter((o) => o.ms > GENERAL.maxRequestMs);
  if (slow.length)
    out.push(`${slow.length} requests slower than ${GENERAL.maxRequestMs} ms (slowest ${row.slowestMs} ms)`);
  if (row.peakRssMb >= GENERAL.maxRssMb) out.push(`peak RSS ${row.peakRssMb} MB >= ${GENERAL.maxRssMb} MB`);
  return out;
}

const COLUMNS = [
  "scenario",
  "sent",
  "2xx",
  "4xx",
  "503",
  "5xx other",
  "net err",
  "admitted",
  "charged",
  "slowest ms",
  "peak RSS MB",
  "result",
];

function verdict(row: Row): string {
  if (!row.failures.length) return "PASS";
  const more = row.failures.length > 1 ? ` (+${row.failures.length - 1} more)` : "";
  return `FAIL: ${row.failures[0]}${more}`;
}

function cells(row: Row): string[] {
  return [
    row.name,
    row.sent,
    row.s2xx,
    row.s4xx,
    row.s503,
    row.s5xxOther,
    row.netErrors,
    row.admitted,
    row.charged ?? "?",
    row.slowestMs,
    row.peakRssMb,
    verdict(row),
  ].map(String);
}

export function printRow(row: Row): void {
  const c = cells(row);
  console.log(
    `\n[${row.name}] sent=${c[1]} 2xx=${c[2]} 4xx=${c[3]} 503=${c[4]} 5xx-other=${c[5]} net-err=${c[6]} ` +
      `admitted=${c[7]} charged=${c[8]} slowest=${c[9]}ms peak-rss=${c[10]}MB ${row.failures.length ? "FAIL" : "PASS"}`,
  );
  for (const f of row.failures) console.log(`  FAIL ${f}`);
  for (const n of row.notes) console.log(`  note ${n}`);
}

export function markdownTable(rows: Row[]): string {
  const esc = (s: string) => s.replaceAll("|", "\\|");
  const lines = [`| ${COLUMNS.join(" | ")} |`, `|${COLUMNS.map(() => "---").join("|")}|`];
  for (const row of rows) lines.push(`| ${cells(row).map(esc).join(" | ")} |`);
  return lines.join("\n");
}
