// Loads a snapshot: validate every record, COPY jobs into a new partition, index it, and swap
// it in atomically. Any problem leaves the live snapshot untouched.
import pg from "pg";
import { log } from "../../core/log";
import { invalidateLiveSnapshot } from "../live";
import { buildIndexes, partitionName, retireOld, swapIn } from "./activate";
import { cleanJobRecord } from "./clean-record";
import { type CoordinateCounts, Placer } from "./coordinates";
import { duplicateIds } from "./duplicates";
import { ImportError, MAX_PROBLEMS } from "./import-error";
import {
  ADDED,
  addTotals,
  type BatchItem,
  type BatchTotals,
  type EncodedBatch,
  JobBatchEncoder,
  type Problem,
} from "./job-batch";
import { JOB_TABLE_COLUMNS } from "./job-rows";
import { addWords, databaseWords, fillWords } from "./load-words";
import { advertisedPay, buildPayGroups } from "./pay-groups";
import { buildPlaces } from "./places";
import type { Numbered } from "./read";
import { loadSalaries } from "./salaries";
import {
  dropChanges,
  dropUnpublished,
  expireChanges,
  lookBack,
  type Previous,
  previousSnapshot,
  publishChanges,
  writeChanges,
  writeRemovals,
} from "./seen";
import { type LoadMethod, loadMethodFor, openSink, type RowSink } from "./sink";
import { TitleCounts } from "./titles";
import { defaultWorkerCount, EncoderPool } from "./worker-pool";

/** The advisory lock one import holds for its whole run. */
export const IMPORT_LOCK = 72_707_370;

export type { Problem };
export { ImportError };

export type ImportOptions = {
  label: string;
  jobs: AsyncIterable<Numbered>;
  /** Omitted: the live snapshot's salary medians are carried over. */
  salaries?: AsyncIterable<Numbered>;
  onProgress?: (jobsRead: number) => void;
  /** Chosen from the server when omitted (tests force one to compare both). */
  method?: LoadMethod;
  /**
   * The jobs again from the start, to name the lines of duplicate ids. Duplicates are found by
   * the partition's unique index, not by holding every id in memory; without this they are
   * reported by id alone.
   */
  reread?: () => AsyncIterable<Numbered>;
  /**
   * Worker threads that validate and encode jobs for COPY (0: all in this thread). Omitted:
   * defaultWorkerCount() (none on 2 cores), started once a file proves larger than a few batches.
   */
  workers?: number;
};

export type ImportResult = {
  snapshotId: number;
  jobs: number;
  /** Left out on purpose: JobPostings whose validThrough had passed, and other schema.org nodes. */
  expired: number;
  otherNodes: number;
  salaries: number;
  cleanedLinks: number;
  /** Jobs placed by their own coordinates, by their city's (gazetteer), and invalid pairs dropped. */
  coordinates: CoordinateCounts;
  /** Jobs whose words the database made after the load (markup, very long texts); the loader built the rest. */
  wordsByDatabase: number;
  /** Against the snapshot before (none on a first import, or one whose jobs carry no digests). */
  changes: { added: number; changed: number; removed: number } | null;
  retired: number[];
  retireError?: string;
};

const BATCH = 1_000;
/**
 * A batch also ends past this many characters of text (all of a record's strings): a thousand
 * jobs with 50,000-character descriptions would not fit a worker's heap (WORKER_HEAP_MB), nor sit
 * well in the loader's, and neither would a thousand over-long titles on their way to refusal.
 */
const BATCH_CHARS = 4_000_000;
function textLength(r: Record<string, unknown>): number {
  let n = 500;
  for (const key in r) {
    const v = r[key];
    if (typeof v === "string") n += v.length;
  }
  return n;
}
/** Batches encoded here before workers are started, when the caller does not say how many. */
const WORKERS_AFTER = 10;
/** Batches each worker may hold at a time: enough to keep it busy, few enough to bound memory. */
const PER_WORKER = 2;
const PROGRESS_EVERY = 50_000;

/**
 * Streams validated jobs into a new, unindexed partition table created in the same transaction
 * (COPY FREEZE), and commits it. The caller has begun that transaction.
 */
async function loadJobs(
  client: pg.PoolClient,
  wordsClient: pg.PoolClient,
  snapshotId: number,
  method: LoadMethod,
  opts: ImportOptions,
  seen: { at: string; previous: Previous | null },
) {
  const problems: Problem[] = [];
  const words = databaseWords(wordsClient);
  const titles = new TitleCounts();
  const placer = new Placer();
  const compare = { at: seen.at, compare: Boolean(seen.previous?.comparable) };
  const encoder = new JobBatchEncoder(snapshotId, method === "copy" ? "text" : "rows", compare);
  const changed = { added: 0, changed: 0 };
  const workers = method === "copy" ? (opts.workers ?? defaultWorkerCount()) : 0;
  let pool: EncoderPool | undefined;
  let batches = 0;
  const inFlight: Promise<EncodedBatch>[] = [];
  let count = 0;
  let expired = 0;
  let otherNodes = 0;
  const t = partitionName(snapshotId);
  let sink: RowSink | undefined;
  let totals: BatchTotals = { countryCounts: {}, comboCounts: {}, cleanedLinks: 0 };
  let wordsByDatabase = 0;
  // Valid jobs go to the partition until the first problem; then only problems are collected.
  const settle = async (batch: EncodedBatch, to: RowSink) => {
    problems.push(...batch.problems);
    if (problems.length) return;
    const before = count;
    count += batch.jobs;
    if (batch.changes && compare.compare) {
      await writeChanges(wordsClient, snapshotId, batch.changes);
      for (const kind of batch.changes.kinds) kind === ADDED ? changed.added++ : changed.changed++;
    }
    if (batch.bytes) await to.writeText(batch.bytes);
    for (const row of batch.rows ?? []) {
      const wait = to.write(row);
      if (wait !== undefined) await wait;
    }
    if (Math.floor(count / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY)) opts.onProgress?.(count);
  };
  // Batches are settled in the order they were read, wherever they were encoded.
  const withoutWords = { count: 0 };
  const submit = async (items: BatchItem[], to: RowSink) => {
    if (seen.previous) await lookBack(wordsClient, seen.previous, items);
    const built = await addWords(words, items, withoutWords);
    if (!pool && workers > 0 && batches++ >= (opts.workers === undefined ? WORKERS_AFTER : 0))
      pool = new EncoderPool(workers, snapshotId, compare);
    if (!pool) return settle(encoder.encode(items, built), to);
    const encoded = pool.encode(items, built);
    encoded.catch(() => {}); // awaited in its turn below; until then a failure must not go unhandled
    inFlight.push(encoded);
    while (inFlight.length > workers * PER_WORKER)
      await settle(await (inFlight.shift() as typeof encoded), to);
  };
  try {
    await client.query(
      `CREATE TABLE ${t} (LIKE jobs INCLUDING DEFAULTS INCLUDING GENERATED, CHECK (snapshot_id = ${snapshotId}))`,
    );
    sink = openSink(client, method, t, JOB_TABLE_COLUMNS, { freeze: true });
    let batch: BatchItem[] = [];
    let batchChars = 0;
    for await (const item of opts.jobs) {
      if ("skipped" in item) {
        if (item.skipped === "expired") expired++;
        else otherNodes++;
        continue;
      }
      // Title ids are given here, in the order the jobs come; the batch checks everything else.
      if ("problem" in item) batch.push({ line: item.line, message: item.problem });
      else {
        // Every format's text is cleaned here, before its title is counted or it is checked.
        const record = placer.place(cleanJobRecord(item.record, item.fit));
        batch.push({ line: item.line, record, titleId: titles.addRecord(record) });
        batchChars += textLength(record);
      }
      if (batch.length < BATCH && batchChars < BATCH_CHARS) continue;
      await submit(batch, sink);
      batch = [];
      batchChars = 0;
      if (problems.length >= MAX_PROBLEMS) break;
    }
    if (batch.length) await submit(batch, sink);
    for (const encoded of inFlight.splice(0)) await settle(await encoded, sink);
    if (problems.length) throw new ImportError(problems.slice(0, MAX_PROBLEMS));
    if (count === 0) throw new ImportError([{ line: 0, message: "the file has no jobs" }]);
    totals = encoder.totals();
    for (const more of (await pool?.totals()) ?? []) addTotals(totals, more);
    await sink.end();
    // Jobs the loader left to the database (markup, very long texts) get the same expression's words.
    if (words.leftToDatabase > 0 || withoutWords.count > 0) wordsByDatabase = await fillWords(client, t);
    await titles.load(client, snapshotId, method);
    await client.query("COMMIT");
  } catch (err) {
    sink?.abort(err as Error);
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await pool?.close();
  }
  if (count % PROGRESS_EVERY !== 0) opts.onProgress?.(count);
  return { count, expired, otherNodes, coordinates: placer.counts, wordsByDatabase, changed, ...totals };
}

export async function importSnapshot(databaseUrl: string, opts: ImportOptions): Promise<ImportResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const main = await pool.connect();
  // A connection lost between statements (the server stopping, Ctrl-C closing an embedded one)
  // must fail the next statement, not crash the process with an unhandled 'error' event.
  main.on("error", () => {});
  let snapshotId: number | undefined;
  let swapped = false;
  try {
    const { rows: locked } = await main.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [
      IMPORT_LOCK,
    ]);
    if (!locked[0]?.ok) throw new Error("Another catalog import is running; try again when it has finished.");
    // An import that died after loading left a 'loading' snapshot; nothing else can be running now.
    await main.query(`UPDATE catalog_snapshots SET status = 'failed' WHERE status = 'loading'`);
    await dropUnpublished(main);
    const method = opts.method ?? (await loadMethodFor(main));
    // The snapshot's row is written in the load's transaction: a process that dies while reading
    // the file (killed, out of memory) leaves no 'loading' snapshot behind, nor a partition.
    await main.query("BEGIN");
    const { rows } = await main.query<{ id: number; created_at: Date }>(
      `INSERT INTO catalog_snapshots (label) VALUES ($1) RETURNING id, created_at`,
      [opts.label.slice(0, 200)],
    );
    snapshotId = rows[0]?.id;
    if (snapshotId === undefined || !rows[0]) throw new Error("no snapshot id returned");
    const seen = { at: rows[0].created_at.toISOString(), previous: await previousSnapshot(main) };
    // The words' questions go on a connection of their own while the load's is busy with COPY.
    const wordsClient = method === "copy" ? await pool.connect() : main;
    let wordsError: Error | undefined;
    // Lost while idle during the COPY: the next question fails instead of the process crashing.
    if (wordsClient !== main) wordsClient.on("error", (err) => (wordsError ??= err));
    const jobs = await loadJobs(main, wordsClient, snapshotId, method, opts, seen).finally(() => {
      if (wordsClient !== main) wordsClient.release(wordsError);
    });
    const salaries = await loadSalaries(main, snapshotId, method, opts.salaries);
    // PGlite serves one connection at a time: its indexes are built on this one, in turn.
    const id = snapshotId;
    await buildIndexes(method === "copy" ? pool : main, id).catch(async (err: { code?: string }) => {
      throw err.code === "23505" ? await duplicateIds(main, id, opts.reread) : err;
    });
    await buildPlaces(main, snapshotId);
    await buildPayGroups(main, snapshotId);
    const advertised = await advertisedPay(main, snapshotId);
    const previous = seen.previous?.comparable ? seen.previous : null;
    const changes = previous
      ? { ...jobs.changed, removed: await writeRemovals(main, snapshotId, previous) }
      : null;
    await swapIn(
      main,
      snapshotId,
      {
        jobs: jobs.count,
        salaries,
        countryCounts: jobs.countryCounts,
        comboCounts: jobs.comboCounts,
        advertised,
      },
      async (tx) => {
        if (previous && changes)
          await publishChanges(tx, id, { previous: previous.id, seenAt: seen.at, ...changes });
      },
    );
    swapped = true;
    invalidateLiveSnapshot(); // this process serves the new snapshot at once; others within a second
    // The new snapshot is live; failing to tidy up old ones must not undo that.
    const retired = await retireOld(main).catch((err: Error) => ({ error: err.message }));
    // Past the swap: the next import tries again.
    await expireChanges(main).catch((err: Error) =>
      log.warn("expiring old changes failed", { error: err.message }),
    );
    return {
      snapshotId,
      jobs: jobs.count,
      expired: jobs.expired,
      otherNodes: jobs.otherNodes,
      salaries,
      cleanedLinks: jobs.cleanedLinks,
      coordinates: jobs.coordinates,
      wordsByDatabase: jobs.wordsByDatabase,
      changes,
      retired: Array.isArray(retired) ? retired : [],
      retireError: Array.isArray(retired) ? undefined : retired.error,
    };
  } catch (err) {
    await main.query("ROLLBACK").catch(() => {}); // a load still open; a no-op otherwise
    if (snapshotId !== undefined && !swapped) {
      await main.query(`DROP TABLE IF EXISTS ${partitionName(snapshotId)}`).catch(() => {});
      await main.query(`DELETE FROM salary_snapshots WHERE snapshot_id = $1`, [snapshotId]).catch(() => {});
      await main.query(`DELETE FROM pay_groups WHERE snapshot_id = $1`, [snapshotId]).catch(() => {});
      await dropChanges(main, snapshotId).catch((e: Error) =>
        log.warn("the failed import's changes were left; the next import drops them", { error: e.message }),
      );
      await main
        .query(`UPDATE catalog_snapshots SET status = 'failed' WHERE id = $1 AND status = 'loading'`, [
          snapshotId,
        ])
        .catch(() => {});
    }
    throw err;
  } finally {
    await main.query("SELECT pg_advisory_unlock_all()").catch(() => {});
    main.release();
    await pool.end();
  }
}
