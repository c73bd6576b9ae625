// Loads a snapshot: validate every record, COPY jobs into a new partition, index it, and swap
// it in atomically. Any problem leaves the live snapshot untouched.
import pg from "pg";
import { log } from "../../core/log";
import { invalidateLiveSnapshot } from "../live";
import {
  buildCopyIndexes,
  buildIndexes,
  buildKey,
  copiesName,
  partitionName,
  retireOld,
  swapIn,
  vacuumPartition,
} from "./activate";
import type { CoordinateCounts } from "./coordinates";
import { duplicateIds } from "./duplicates";
import { expireJobs } from "./expire-jobs";
import { groupDuplicates, servedTotals } from "./group-duplicates";
import { ImportError } from "./import-error";
import { IMPORT_LOCK, takeImportLock } from "./import-lock";
import type { Problem } from "./job-batch";
import { type ImportOptions, loadJobs } from "./load-jobs";
import { advertisedPay, buildPayGroups } from "./pay-groups";
import { buildPlaces } from "./places";
import { loadSalaries } from "./salaries";
import {
  dropChanges,
  dropUnpublished,
  expireChanges,
  previousSnapshot,
  publishChanges,
  SeenTracker,
  writeRemovals,
} from "./seen";
import { loadMethodFor } from "./sink";
import { subtractCopiedTitles } from "./titles";

export type { ImportOptions, Problem };
export { IMPORT_LOCK, ImportError };

export type ImportResult = {
  snapshotId: number;
  jobs: number;
  /**
   * Left out on purpose: jobs whose validThrough had passed (when read, or by the end of the
   * import), and other schema.org nodes.
   */
  expired: number;
  otherNodes: number;
  salaries: number;
  cleanedLinks: number;
  /** Jobs placed by their own coordinates, by their city's (gazetteer), and invalid pairs dropped. */
  coordinates: CoordinateCounts;
  /** Jobs whose words the database made after the load (markup, very long texts); the loader built the rest. */
  wordsByDatabase: number;
  /** Jobs grouped as copies of another (not served in searches), and the groups they form. */
  duplicates: {
    groups: number;
    copies: number;
    reposted: number;
    /** Grouping's time, in ms, and per kind of statement. */
    ms: number;
    steps: Record<string, number>;
  };
  /** Against the snapshot before (none on a first import, or one whose jobs carry no digests). */
  changes: { added: number; changed: number; removed: number } | null;
  retired: number[];
  retireError?: string;
};

/** A second connection for the load; one lost while idle fails its next query, not the process. */
async function side(pool: pg.Pool): Promise<pg.PoolClient & { lost?: Error }> {
  const client: pg.PoolClient & { lost?: Error } = await pool.connect();
  client.on("error", (err) => (client.lost ??= err));
  return client;
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
    await takeImportLock(main);
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
    const previous = await previousSnapshot(main);
    // The words' questions, and what the snapshot before knew, go on connections of their own
    // while the load's is busy with COPY.
    type Side = pg.PoolClient & { lost?: Error };
    const wordsClient: Side = method === "copy" ? await side(pool) : main;
    const seenClient: Side = method === "copy" ? await side(pool) : main;
    const tracker = new SeenTracker(seenClient, snapshotId, previous);
    const seen = { at: rows[0].created_at.toISOString(), tracker };
    const loaded = await loadJobs(main, wordsClient, snapshotId, method, opts, seen).finally(() => {
      for (const c of [wordsClient, seenClient]) if (c !== main) c.release(c.lost);
    });
    const salaries = await loadSalaries(main, snapshotId, method, opts.salaries);
    const id = snapshotId;
    await buildKey(main, id).catch(async (err: { code?: string }) => {
      throw err.code === "23505" ? await duplicateIds(main, id, opts.reread) : err;
    });
    const groupingStarted = performance.now();
    const grouping = await groupDuplicates(main, id, previous ? { id: previous.id, now: seen.at } : null);
    await subtractCopiedTitles(main, id, copiesName(id));
    // The pages the copies left made visible to index-only scans again.
    const vacuumStarted = performance.now();
    if (grouping.copies > 0) await vacuumPartition(main, id);
    grouping.steps.VACUUM = Math.round(performance.now() - vacuumStarted);
    const groupingMs = Math.round(performance.now() - groupingStarted);
    const jobs = servedTotals(loaded, grouping);
    // PGlite serves one connection at a time: its indexes are built on this one, in turn.
    await buildIndexes(method === "copy" ? pool : main, id);
    await buildCopyIndexes(main, id);
    await buildPlaces(main, snapshotId);
    await buildPayGroups(main, snapshotId);
    const advertised = await advertisedPay(main, snapshotId);
    const compared = tracker.comparing ? previous : null;
    const changes = compared
      ? { ...jobs.changed, removed: await writeRemovals(main, snapshotId, compared) }
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
        if (compared && changes)
          await publishChanges(tx, id, { previous: compared.id, seenAt: seen.at, ...changes });
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
    // Jobs that expired while this import ran leave at once (the app's expiry waits for the lock).
    const lapsed = await expireJobs(main, { locked: true }).catch((err: Error) => {
      log.warn("taking out expired jobs failed; the app's expiry will", { error: err.message });
      return null;
    });
    if (lapsed) invalidateLiveSnapshot();
    return {
      snapshotId,
      jobs: jobs.count - (lapsed?.removed ?? 0) + (lapsed?.promoted ?? 0),
      expired: jobs.expired + (lapsed?.removed ?? 0),
      otherNodes: jobs.otherNodes,
      salaries,
      cleanedLinks: jobs.cleanedLinks,
      duplicates: {
        groups: grouping.groups,
        copies: grouping.copies,
        reposted: grouping.reposted,
        ms: groupingMs,
        steps: grouping.steps,
      },
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
      await main.query(`DROP TABLE IF EXISTS ${copiesName(snapshotId)}`).catch(() => {});
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
