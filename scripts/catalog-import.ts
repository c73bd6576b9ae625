// npm run catalog:import -- <jobs file> [--format jsonl|csv|jsonld] [--salaries <file>] [--label <text>] [--workers N]
// Files are recognised by their content, whatever their name; --format overrides that for the jobs file.
import path from "node:path";
import { parseArgs } from "node:util";
import { ImportError, importSnapshot } from "../lib/catalog/import/load";
import { detectFormat, readFile } from "../lib/catalog/import/read";
import { JOB_COLUMNS, SALARY_COLUMNS } from "../lib/catalog/import/records";
import { FORMATS, type Format } from "../lib/catalog/import/sniff";
import { env, setEnvCommand } from "../lib/core/env";
import { endProgress, progressPrinter } from "./progress";
import { withDatabase } from "./with-database";

// Checks the environment for what this command uses (lib/core/env.ts ENV_COMMANDS), not the
// server's needs.
setEnvCommand("catalog");

const USAGE =
  "usage: npm run catalog:import -- <jobs file> [--format jsonl|csv|jsonld] [--salaries <salaries file>] [--label <text>] [--workers N]";

/** The file's format, or exit before touching the database when it is none we read. */
async function formatOf(file: string, columns: readonly string[], given?: Format): Promise<Format> {
  if (given) return given;
  const found = await detectFormat(file, columns);
  if ("format" in found) return found.format;
  console.error(`${file}: ${found.problem}\nNothing was imported; the live catalog is unchanged.`);
  process.exit(1);
}

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      salaries: { type: "string" },
      label: { type: "string" },
      workers: { type: "string" },
      format: { type: "string" },
    },
    allowPositionals: true,
  });
  const [file] = positionals;
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (
    !file ||
    positionals.length > 1 ||
    (workers !== undefined && !(Number.isInteger(workers) && workers >= 0)) ||
    (values.format !== undefined && !FORMATS.includes(values.format as Format))
  )
    throw new Error(USAGE);
  const format = await formatOf(file, JOB_COLUMNS, values.format as Format | undefined);
  const salaryFormat = values.salaries ? await formatOf(values.salaries, SALARY_COLUMNS) : undefined;
  const started = Date.now();
  const result = await withDatabase(() =>
    importSnapshot(env().DATABASE_URL, {
      label: values.label ?? path.basename(file),
      jobs: readFile(file, JOB_COLUMNS, format),
      reread: () => readFile(file, JOB_COLUMNS, format),
      salaries: values.salaries ? readFile(values.salaries, SALARY_COLUMNS, salaryFormat) : undefined,
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
      `${values.salaries ? "" : " (carried over)"}, ${result.cleanedLinks} unsafe apply links blanked` +
      `, placed ${result.coordinates.given} by their own coordinates and ${result.coordinates.fromCity} by their city` +
      (result.duplicates.copies
        ? `, ${result.duplicates.copies} copies grouped under ${result.duplicates.groups} jobs (${(result.duplicates.ms / 1000).toFixed(1)} s)`
        : "") +
      (result.duplicates.reposted
        ? `, ${result.duplicates.reposted} reposts kept their first sighting`
        : "") +
      (result.coordinates.dropped
        ? ` (${result.coordinates.dropped} invalid coordinate pairs dropped)`
        : "") +
      `, ${secs} s` +
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
