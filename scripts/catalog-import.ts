// npm run catalog:import -- <jobs.jsonl|jobs.csv|postings.jsonld> [--salaries <file>] [--label <text>] [--workers N]
import path from "node:path";
import { parseArgs } from "node:util";
import { ImportError, importSnapshot } from "../lib/catalog/import/load";
import { readFile } from "../lib/catalog/import/read";
import { JOB_COLUMNS, SALARY_COLUMNS } from "../lib/catalog/import/records";
import { env, setEnvCommand } from "../lib/env";
import { endProgress, progressPrinter } from "./progress";
import { withDatabase } from "./with-database";

// Checks the environment for what this command uses (lib/env.ts ENV_COMMANDS), not the server's needs.
setEnvCommand("catalog");

const USAGE =
  "usage: npm run catalog:import -- <jobs.jsonl|jobs.csv|postings.jsonld> [--salaries <salaries.jsonl|.csv>] [--label <text>] [--workers N]";

async function main() {
  const { values, positionals } = parseArgs({
    options: { salaries: { type: "string" }, label: { type: "string" }, workers: { type: "string" } },
    allowPositionals: true,
  });
  const [file] = positionals;
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (
    !file ||
    positionals.length > 1 ||
    (workers !== undefined && !(Number.isInteger(workers) && workers >= 0))
  )
    throw new Error(USAGE);
  const started = Date.now();
  const result = await withDatabase(() =>
    importSnapshot(env().DATABASE_URL, {
      label: values.label ?? path.basename(file),
      jobs: readFile(file, JOB_COLUMNS),
      reread: () => readFile(file, JOB_COLUMNS),
      salaries: values.salaries ? readFile(values.salaries, SALARY_COLUMNS) : undefined,
      onProgress: progressPrinter("jobs loaded"),
      workers,
    }),
  );
  endProgress();
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `snapshot ${result.snapshotId} is live: ${result.jobs} jobs, ${result.salaries} salary medians` +
      (result.expired ? `, ${result.expired} expired postings skipped` : "") +
      (result.otherNodes ? `, ${result.otherNodes} nodes that are not JobPostings ignored` : "") +
      `${values.salaries ? "" : " (carried over)"}, ${result.cleanedLinks} unsafe apply links blanked, ${secs} s` +
      (result.retired.length ? `; retired snapshots ${result.retired.join(", ")}` : ""),
  );
  if (result.retireError)
    console.error(`warning: old snapshots were not retired (${result.retireError}); the next import retries`);
}

main().catch((err) => {
  endProgress();
  console.error(
    err instanceof ImportError ? `${err.message}\nThe live catalog is unchanged.` : (err as Error).message,
  );
  process.exit(1);
});
