// Feeds the demo generator through the same validation and loader as a file import.
import { type ImportResult, importSnapshot } from "../import/load";
import type { Numbered } from "../import/read";
import { type DemoOptions, demoJobs, demoSalaries, monthsBefore } from "./generate";

async function* numbered(records: Iterable<Record<string, unknown>>): AsyncGenerator<Numbered> {
  let line = 0;
  for (const record of records) yield { line: ++line, record };
}

export function importDemo(
  databaseUrl: string,
  opts: DemoOptions,
  onProgress?: (n: number) => void,
  workers?: number,
): Promise<ImportResult> {
  return importSnapshot(databaseUrl, {
    label: `demo: ${opts.jobs} jobs, seed ${opts.seed ?? 42}${opts.asOf ? `, as of ${opts.asOf.toISOString().slice(0, 10)}` : ""}`,
    jobs: numbered(demoJobs(opts)),
    salaries: numbered(demoSalaries(opts)),
    onProgress,
    workers,
  });
}

/**
 * A pay history made the only honest way: one real import per month, oldest first, each dated
 * by its own as-of (`months` − 1 months before `opts.asOf`, or today, up to it). Demo pay drifts
 * with the date, so the series has a trend; the last import is the live snapshot.
 */
export async function importDemoHistory(
  databaseUrl: string,
  opts: DemoOptions,
  months: number,
  onImport?: (result: ImportResult, asOf: Date) => void,
  workers?: number,
): Promise<ImportResult[]> {
  const last = opts.asOf ?? new Date(new Date().toISOString().slice(0, 10));
  const results: ImportResult[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const asOf = monthsBefore(last, back);
    const result = await importDemo(databaseUrl, { ...opts, asOf }, undefined, workers);
    onImport?.(result, asOf);
    results.push(result);
  }
  return results;
}
