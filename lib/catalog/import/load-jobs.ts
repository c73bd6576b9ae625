// The load itself: records read in batches, checked and encoded (here or on worker threads),
// their words built, what the snapshot before knew looked up, and COPY'd into the new partition
// in file order. The caller has begun the partition's transaction; this commits it.
import type pg from "pg";
import { PARTITION_STORAGE, partitionName } from "./activate";
import { cleanJobRecord } from "./clean-record";
import { CompanyKeys } from "./company-keys";
import { Placer } from "./coordinates";
import { ImportError, MAX_PROBLEMS } from "./import-error";
import {
  addTotals,
  type BatchItem,
  type BatchTotals,
  type EncodedBatch,
  JobBatchEncoder,
  type Problem,
} from "./job-batch";
import { JOB_TABLE_COLUMNS } from "./job-rows";
import { addWords, databaseWords, fillWords } from "./load-words";
import type { Numbered } from "./read";
import type { SeenTracker } from "./seen";
import { type LoadMethod, openSink, type RowSink } from "./sink";
import { TitleCounts } from "./title-counts";
import { emptyWordCounts, wordCountRows } from "./word-tally";
import { defaultWorkerCount, EncoderPool } from "./worker-pool";

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
export async function loadJobs(
  client: pg.PoolClient,
  wordsClient: pg.PoolClient,
  snapshotId: number,
  method: LoadMethod,
  opts: ImportOptions,
  seen: { at: string; tracker: SeenTracker },
) {
  const problems: Problem[] = [];
  const words = databaseWords(wordsClient);
  const titles = new TitleCounts();
  const companies = new CompanyKeys();
  const placer = new Placer();
  const { tracker } = seen;
  const compare = { at: seen.at, compare: tracker.comparing };
  const encoder = new JobBatchEncoder(snapshotId, method === "copy" ? "text" : "rows", compare);
  const workers = method === "copy" ? (opts.workers ?? defaultWorkerCount()) : 0;
  let pool: EncoderPool | undefined;
  let batches = 0;
  const inFlight: Promise<EncodedBatch>[] = [];
  let count = 0;
  let expired = 0;
  let otherNodes = 0;
  const t = partitionName(snapshotId);
  let sink: RowSink | undefined;
  let totals: BatchTotals = { countryCounts: {}, comboCounts: {}, cleanedLinks: 0, words: emptyWordCounts() };
  let wordsByDatabase = 0;
  // Valid jobs go to the partition until the first problem; then only problems are collected.
  const settle = async (batch: EncodedBatch, to: RowSink) => {
    problems.push(...batch.problems);
    if (problems.length) return;
    const before = count;
    count += batch.jobs;
    await tracker.record(batch.changes);
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
    const [built] = await Promise.all([addWords(words, items, withoutWords), tracker.lookBack(items)]);
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
      `CREATE TABLE ${t} (LIKE jobs INCLUDING DEFAULTS INCLUDING GENERATED, CHECK (snapshot_id = ${snapshotId}))
       ${PARTITION_STORAGE}`,
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
        if (typeof record.company === "string") companies.add(record.company);
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
    await tracker.finish();
    const phrases = words.commonPhrases();
    await client.query(
      `INSERT INTO common_words (snapshot_id, lexeme, bit, share)
       SELECT $1::int, lexeme, n - 1, share FROM unnest($2::text[], $3::real[]) WITH ORDINALITY AS w(lexeme, share, n)
       UNION ALL SELECT $1::int, key, bit, share FROM unnest($4::text[], $5::int2[], $6::real[]) AS p(key, bit, share)`,
      [
        snapshotId,
        words.commonWords(),
        words.commonShares(),
        phrases.map((p) => p.key),
        phrases.map((p) => p.number),
        phrases.map((p) => p.share),
      ],
    );
    const numbered = [...words.commonWords().keys(), ...phrases.map((p) => p.number)];
    if (numbered.length > 0)
      await client.query(
        `INSERT INTO word_counts (snapshot_id, bit, by_code, by_country)
         SELECT $1::int, (r->>'bit')::int2, r->'by_code', r->'by_country' FROM jsonb_array_elements($2::jsonb) r`,
        [snapshotId, JSON.stringify(wordCountRows(totals.words, numbered))],
      );
    // Jobs the loader left to the database (markup, very long texts) get the same expression's words.
    if (words.leftToDatabase > 0 || withoutWords.count > 0)
      wordsByDatabase = await fillWords(client, t, snapshotId);
    await titles.load(client, snapshotId, method);
    await client.query("UPDATE catalog_snapshots SET shared_company_keys = $2::int[] WHERE id = $1", [
      snapshotId,
      companies.shared(),
    ]);
    await client.query("COMMIT");
  } catch (err) {
    sink?.abort(err as Error);
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await pool?.close();
  }
  if (count % PROGRESS_EVERY !== 0) opts.onProgress?.(count);
  return {
    count,
    expired,
    otherNodes,
    coordinates: placer.counts,
    wordsByDatabase,
    changed: tracker.counts,
    ...totals,
  };
}
