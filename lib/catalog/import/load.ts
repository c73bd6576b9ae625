// Loads a snapshot: validate every record, COPY jobs into a new partition, index it, and swap
// it in atomically. Any problem leaves the live snapshot untouched.
import { once } from "node:events";
import { finished } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { regionsOf } from "../countries";
import { invalidateLiveSnapshot } from "../live";
import { titleTerms } from "../tsquery";
import { buildIndexes, partitionName, retireOld, swapIn } from "./activate";
import { copyLine } from "./copy-text";
import type { Numbered } from "./read";
import { describeIssue, type JobRecord, JobRecordSchema, SalaryRecordSchema } from "./records";

const IMPORT_LOCK = 72_707_370;
const MAX_PROBLEMS = 20;
const BATCH_BYTES = 1 << 20;

export type Problem = { line: number; message: string };

export class ImportError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`The file was rejected:\n${problems.map((p) => `  line ${p.line}: ${p.message}`).join("\n")}`);
    this.name = "ImportError";
  }
}

export type ImportOptions = {
  label: string;
  jobs: AsyncIterable<Numbered>;
  /** Omitted: the live snapshot's salary medians are carried over. */
  salaries?: AsyncIterable<Numbered>;
  onProgress?: (jobsRead: number) => void;
};

export type ImportResult = { snapshotId: number; jobs: number; salaries: number; cleanedLinks: number; retired: number[]; retireError?: string };

const JOB_COPY = `COPY %T (snapshot_id, id, title, title_id, company, apply_url, location, city, country_code, employment_type,
  salary_min, salary_max, salary_currency, salary_period, posted_at, description) FROM STDIN WITH (FREEZE)`;

function jobLine(snapshotId: number, r: JobRecord, titleId: number): string {
  return copyLine([snapshotId, r.id, r.title, titleId, r.company, r.apply_url, r.location, r.city, r.country, r.employment_type,
    r.salary_min, r.salary_max, r.salary_currency, r.salary_period, r.posted_at, r.description]);
}

/** Streams validated jobs into a new, unindexed partition table created in the same transaction (COPY FREEZE). */
async function copyJobs(client: pg.PoolClient, snapshotId: number, opts: ImportOptions) {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const countryCounts: Record<string, number> = {};
  const titles = new Map<string, TitleEntry>();
  let count = 0;
  let cleanedLinks = 0;
  const t = partitionName(snapshotId);
  let copy: ReturnType<typeof copyFrom> | undefined;
  let copyError: Error | undefined;
  let batch = "";
  try {
    await client.query("BEGIN");
    await client.query(`CREATE TABLE ${t} (LIKE jobs INCLUDING DEFAULTS, CHECK (snapshot_id = ${snapshotId}))`);
    copy = client.query(copyFrom(JOB_COPY.replace("%T", t)));
    // The server can end a COPY early (a value it refuses); remember it instead of crashing.
    copy.on("error", (err) => (copyError ??= err));
    for await (const item of opts.jobs) {
      if (copyError) throw copyError;
      if ("problem" in item) problems.push({ line: item.line, message: item.problem });
      else {
        const parsed = JobRecordSchema.safeParse(item.record);
        if (!parsed.success) problems.push({ line: item.line, message: describeIssue(parsed.error) });
        else if (seen.has(parsed.data.id)) problems.push({ line: item.line, message: `id: "${parsed.data.id}" appears twice` });
        else if (problems.length === 0) {
          const r = parsed.data;
          seen.add(r.id);
          count++;
          countryCounts[r.country] = (countryCounts[r.country] ?? 0) + 1;
          let title = titles.get(r.title);
          if (!title) titles.set(r.title, (title = { id: titles.size + 1, counts: {} }));
          for (const key of ["*", r.country, ...regionsOf(r.country)]) title.counts[key] = (title.counts[key] ?? 0) + 1;
          if (typeof item.record.apply_url === "string" && item.record.apply_url.trim() !== "" && r.apply_url === "") cleanedLinks++;
          batch += jobLine(snapshotId, r, title.id);
          if (batch.length >= BATCH_BYTES) {
            if (!copy.write(batch)) await once(copy, "drain");
            batch = "";
          }
          if (count % 50_000 === 0) opts.onProgress?.(count);
        }
      }
      if (problems.length >= MAX_PROBLEMS) break;
    }
    if (problems.length) throw new ImportError(problems);
    if (count === 0) throw new ImportError([{ line: 0, message: "the file has no jobs" }]);
    copy.end(batch);
    await finished(copy);
    await copyTitles(client, snapshotId, titles);
    await client.query("COMMIT");
  } catch (err) {
    // Aborting sends CopyFail; the server's error in reply is expected, not news.
    copy?.destroy(err as Error);
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
  if (count % 50_000 !== 0) opts.onProgress?.(count);
  return { count, cleanedLinks, countryCounts };
}

type TitleEntry = { id: number; counts: Record<string, number> };

async function copyTitles(client: pg.PoolClient, snapshotId: number, titles: Map<string, TitleEntry>) {
  let text = "";
  for (const [title, { id, counts }] of titles) text += copyLine([snapshotId, id, title, JSON.stringify(counts), titleTerms(title).join(" ")]);
  const copy = client.query(copyFrom("COPY job_titles (snapshot_id, id, title, counts, terms) FROM STDIN"));
  copy.end(text);
  await finished(copy);
}

async function loadSalaries(client: pg.PoolClient, snapshotId: number, source?: AsyncIterable<Numbered>): Promise<number> {
  if (!source) {
    const res = await client.query(
      `INSERT INTO salary_snapshots (snapshot_id, level, country_code, name_key, name, median, currency, period, sample_size, as_of)
       SELECT $1, level, country_code, name_key, name, median, currency, period, sample_size, as_of FROM salary_snapshots
       WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live WHERE id = 1)`,
      [snapshotId],
    );
    return res.rowCount ?? 0;
  }
  const problems: Problem[] = [];
  const keys = new Set<string>();
  let text = "";
  let count = 0;
  for await (const item of source) {
    if ("problem" in item) problems.push({ line: item.line, message: `salaries: ${item.problem}` });
    else {
      const parsed = SalaryRecordSchema.safeParse(item.record);
      if (!parsed.success) problems.push({ line: item.line, message: `salaries: ${describeIssue(parsed.error)}` });
      else {
        const r = parsed.data;
        const key = `${r.level}|${r.country}|${r.name_key}`;
        if (keys.has(key)) problems.push({ line: item.line, message: `salaries: ${r.level} "${r.name}" (${r.country}) appears twice` });
        keys.add(key);
        text += copyLine([snapshotId, r.level, r.country, r.name_key, r.name, r.median, r.currency!, r.period, r.sample_size, r.as_of]);
        count++;
      }
    }
    if (problems.length >= MAX_PROBLEMS) break;
  }
  if (problems.length) throw new ImportError(problems);
  const copy = client.query(copyFrom(`COPY salary_snapshots (snapshot_id, level, country_code, name_key, name, median, currency, period, sample_size, as_of) FROM STDIN`));
  copy.end(text);
  await finished(copy);
  return count;
}

export async function importSnapshot(databaseUrl: string, opts: ImportOptions): Promise<ImportResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const main = await pool.connect();
  let snapshotId: number | undefined;
  let swapped = false;
  try {
    const { rows: locked } = await main.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [IMPORT_LOCK]);
    if (!locked[0]?.ok) throw new Error("Another catalog import is running; try again when it has finished.");
    // An import that died half-way left a 'loading' snapshot; nothing else can be running now.
    await main.query(`UPDATE catalog_snapshots SET status = 'failed' WHERE status = 'loading'`);
    const { rows } = await main.query<{ id: number }>(`INSERT INTO catalog_snapshots (label) VALUES ($1) RETURNING id`, [opts.label.slice(0, 200)]);
    snapshotId = rows[0]!.id;
    const jobs = await copyJobs(main, snapshotId, opts);
    const salaries = await loadSalaries(main, snapshotId, opts.salaries);
    await buildIndexes(pool, snapshotId);
    await swapIn(main, snapshotId, { jobs: jobs.count, salaries, countryCounts: jobs.countryCounts });
    swapped = true;
    invalidateLiveSnapshot(); // this process serves the new snapshot at once; others within a second
    // The new snapshot is live; failing to tidy up old ones must not undo that.
    const retired = await retireOld(main).catch((err: Error) => ({ error: err.message }));
    return { snapshotId, jobs: jobs.count, salaries, cleanedLinks: jobs.cleanedLinks, retired: Array.isArray(retired) ? retired : [], retireError: Array.isArray(retired) ? undefined : retired.error };
  } catch (err) {
    if (snapshotId !== undefined && !swapped) {
      await main.query(`DROP TABLE IF EXISTS ${partitionName(snapshotId)}`).catch(() => {});
      await main.query(`DELETE FROM salary_snapshots WHERE snapshot_id = $1`, [snapshotId]).catch(() => {});
      await main.query(`UPDATE catalog_snapshots SET status = 'failed' WHERE id = $1 AND status = 'loading'`, [snapshotId]).catch(() => {});
    }
    throw err;
  } finally {
    await main.query("SELECT pg_advisory_unlock_all()").catch(() => {});
    main.release();
    await pool.end();
  }
}
