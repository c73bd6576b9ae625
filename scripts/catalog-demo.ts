// npm run catalog:demo -- --jobs N [--seed S] [--as-of YYYY-MM-DD] [--history MONTHS] [--workers N] [--out DIR [--format jsonl|csv]]
// Without --out the demo snapshot is imported (and swapped in) directly; with --history, one
// import per month up to --as-of (or today), so /v1/salary/history has a series.

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { type DemoOptions, demoJobs, demoSalaries } from "../lib/catalog/demo/generate";
import { importDemo, importDemoHistory } from "../lib/catalog/demo/import-demo";
import { JOB_COLUMNS, SALARY_COLUMNS } from "../lib/catalog/import/records";
import { env, setEnvCommand } from "../lib/core/env";
import { endProgress, progressPrinter } from "./progress";
import { withDatabase } from "./with-database";

// Checks the environment for what this command uses (lib/core/env.ts ENV_COMMANDS), not the
// server's needs.
setEnvCommand("catalog");

const USAGE =
  "usage: npm run catalog:demo -- --jobs N [--seed S] [--as-of YYYY-MM-DD] [--history MONTHS] [--workers N] [--out DIR [--format jsonl|csv]]";

const csvField = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

async function writeRecords(
  file: string,
  columns: readonly string[],
  records: Iterable<Record<string, unknown>>,
  csv: boolean,
  progress?: (n: number) => void,
) {
  const out = createWriteStream(file);
  if (csv) out.write(`${columns.join(",")}\n`);
  let n = 0;
  for (const r of records) {
    const line = csv ? columns.map((c) => csvField(r[c])).join(",") : JSON.stringify(r);
    if (!out.write(`${line}\n`)) await once(out, "drain");
    if (++n % 100_000 === 0) progress?.(n);
  }
  out.end();
  await once(out, "finish");
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      jobs: { type: "string" },
      seed: { type: "string" },
      "as-of": { type: "string" },
      workers: { type: "string" },
      history: { type: "string" },
      out: { type: "string" },
      format: { type: "string", default: "jsonl" },
    },
  });
  const jobs = Number(values.jobs);
  const seed = values.seed === undefined ? 42 : Number(values.seed);
  const asOf = values["as-of"] ? new Date(`${values["as-of"]}T00:00:00Z`) : undefined;
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  const history = values.history === undefined ? undefined : Number(values.history);
  if (
    (history !== undefined && !(Number.isInteger(history) && history >= 1 && history <= 36)) ||
    (history !== undefined && values.out)
  )
    throw new Error(`${USAGE}\n--history is 1–36 months, and imports (no --out)`);
  if (
    !Number.isInteger(jobs) ||
    jobs < 1 ||
    !Number.isInteger(seed) ||
    (asOf && Number.isNaN(asOf.getTime())) ||
    (workers !== undefined && !(Number.isInteger(workers) && workers >= 0)) ||
    !["jsonl", "csv"].includes(values.format ?? "")
  )
    throw new Error(USAGE);
  const opts: DemoOptions = { jobs, seed, asOf };
  if (history !== undefined) {
    await withDatabase(() =>
      importDemoHistory(
        env().DATABASE_URL,
        opts,
        history,
        (result, date) =>
          console.log(
            `demo snapshot ${result.snapshotId} as of ${date.toISOString().slice(0, 10)}: ${result.jobs} jobs, ${result.salaries} salary medians`,
          ),
        workers,
      ),
    );
    return;
  }
  if (!values.out) {
    const result = await withDatabase(() =>
      importDemo(env().DATABASE_URL, opts, progressPrinter("demo jobs loaded"), workers),
    );
    endProgress();
    console.log(
      `demo snapshot ${result.snapshotId} is live: ${result.jobs} jobs (${result.duplicates.copies} copies grouped under them), ${result.salaries} salary medians`,
    );
    return;
  }
  await mkdir(values.out, { recursive: true });
  const csv = values.format === "csv";
  const jobsFile = path.join(values.out, `jobs.${values.format}`);
  const salariesFile = path.join(values.out, `salaries.${values.format}`);
  await writeRecords(jobsFile, JOB_COLUMNS, demoJobs(opts), csv, progressPrinter("demo jobs written"));
  const salaries = await writeRecords(salariesFile, SALARY_COLUMNS, demoSalaries(opts), csv);
  endProgress();
  console.log(`wrote ${jobs} jobs to ${jobsFile} and ${salaries} salary medians to ${salariesFile}`);
}

main().catch((err) => {
  endProgress();
  console.error((err as Error).message);
  process.exit(1);
});
