// Feeds the demo generator through the same validation and loader as a file import.
import { type ImportResult, importSnapshot } from "../import/load";
import type { Numbered } from "../import/read";
import { type DemoOptions, demoJobs, demoSalaries } from "./generate";

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
    label: `demo: ${opts.jobs} jobs, seed ${opts.seed ?? 42}`,
    jobs: numbered(demoJobs(opts)),
    salaries: numbered(demoSalaries(opts)),
    onProgress,
    workers,
  });
}
