// What an import knows of the snapshot before it: each id's first sighting and digest (looked up
// a batch at a time, so memory stays bounded), and the feed of what changed (job_changes),
// written as the load goes and published with the swap (activate.ts).
import type pg from "pg";
import { JOB_ID_PATTERN } from "../schemas";
import { partitionName } from "./activate";
import { ADDED, type BatchChanges, type BatchItem, REMOVED } from "./job-batch";
import { idText } from "./records";

/** The live snapshot this import follows: its id, when it was read, and whether its jobs carry digests. */
export type Previous = { id: number; seenAt: string; comparable: boolean };

export async function previousSnapshot(client: pg.PoolClient): Promise<Previous | null> {
  const { rows } = await client.query<{ id: number; seen_at: Date }>(
    `SELECT s.id, s.created_at AS seen_at FROM catalog_live l JOIN catalog_snapshots s ON s.id = l.snapshot_id`,
  );
  const live = rows[0];
  if (!live) return null;
  // A snapshot is written by one import: its first row says whether all carry a digest. One
  // whose every job expired has none to compare, and nothing lacks a digest: every job is added.
  const { rows: first } = await client.query<{ has: boolean }>(
    `SELECT digest IS NOT NULL AS has FROM ${partitionName(live.id)} LIMIT 1`,
  );
  return { id: live.id, seenAt: live.seen_at.toISOString(), comparable: first[0]?.has ?? true };
}

/** Sets each record's `before` from the previous snapshot's row with the same id, if any. */
export async function lookBack(client: pg.PoolClient, previous: Previous, batch: BatchItem[]): Promise<void> {
  const byId = new Map<string, Extract<BatchItem, { record: unknown }>>();
  for (const item of batch) {
    if (!("record" in item)) continue;
    // Only ids the records' rule could accept (no NUL byte, which the database refuses in text):
    // the others fail their own line's check, which must report them, not this look-up.
    const id = idText(item.record.id);
    if (typeof id === "string" && JOB_ID_PATTERN.test(id)) byId.set(id, item);
  }
  if (byId.size === 0) return;
  // Rows written before first_seen_at existed were first seen no later than their snapshot.
  const { rows } = await client.query<{
    id: string;
    first_seen: Date;
    digest: string | null;
    country: string;
  }>(
    `SELECT id, coalesce(first_seen_at, $3::timestamptz) AS first_seen, digest::text AS digest, country_code AS country
     FROM ${partitionName(previous.id)} WHERE snapshot_id = $1 AND id = ANY($2::varchar[])`,
    [previous.id, [...byId.keys()], previous.seenAt],
  );
  for (const r of rows) {
    const item = byId.get(r.id);
    if (item) item.before = { firstSeen: r.first_seen.toISOString(), digest: r.digest, country: r.country };
  }
}

/** A batch's additions and changes, in the feed. */
export async function writeChanges(
  client: pg.PoolClient,
  snapshotId: number,
  changes: BatchChanges,
): Promise<void> {
  if (changes.ids.length === 0) return;
  await client.query(
    `INSERT INTO job_changes (snapshot_id, job_id, kind, country_code, previous_country_code)
     SELECT $1, id, kind, country, previous
     FROM unnest($2::varchar[], $3::smallint[], $4::bpchar[], $5::bpchar[]) AS c(id, kind, country, previous)`,
    [snapshotId, changes.ids, changes.kinds, changes.countries, changes.previous],
  );
}

/** The previous snapshot's jobs this one does not hold, in the feed; how many. */
export async function writeRemovals(
  client: pg.PoolClient,
  snapshotId: number,
  previous: Previous,
): Promise<number> {
  const res = await client.query(
    `INSERT INTO job_changes (snapshot_id, job_id, kind, country_code)
     SELECT $1, o.id, ${REMOVED}, o.country_code FROM ${partitionName(previous.id)} o
     WHERE o.snapshot_id = $2 AND NOT EXISTS (
       SELECT 1 FROM ${partitionName(snapshotId)} n WHERE n.snapshot_id = $1 AND n.id = o.id)`,
    [snapshotId, previous.id],
  );
  return res.rowCount ?? 0;
}

/**
 * What a change set publishes: an import's (activate.ts; revision 0), or the jobs that expired
 * in a live snapshot later (expire-jobs.ts; its revision then).
 */
export type ChangeSet = {
  previous: number;
  seenAt: string;
  added: number;
  changed: number;
  removed: number;
  revision?: number;
};

/**
 * In the transaction that makes them visible: the set's changes are its snapshot's above every
 * set published before (writers of the catalog take turns under the import's lock).
 */
export async function publishChanges(
  client: pg.ClientBase,
  snapshotId: number,
  set: ChangeSet,
): Promise<void> {
  // A set without changes gets an empty range just past the last set's.
  await client.query(
    `INSERT INTO job_change_sets (snapshot_id, revision, previous_snapshot_id, seen_at, first_seq, last_seq, added, changed, removed)
     SELECT $1, $7, $2, $3, coalesce(c.lo, t.top + 1), coalesce(c.hi, t.top), $4, $5, $6
     FROM (SELECT coalesce(max(last_seq), 0) AS top FROM job_change_sets) t,
       LATERAL (SELECT min(seq) AS lo, max(seq) AS hi FROM job_changes WHERE snapshot_id = $1 AND seq > t.top) c`,
    [snapshotId, set.previous, set.seenAt, set.added, set.changed, set.removed, set.revision ?? 0],
  );
}

/** How long the feed keeps an import's changes; a cursor from before them is answered 410. */
export const CHANGES_RETENTION_DAYS = 35;

/** Deletes the changes of sets past retention, in the statement that marks them expired. */
export async function expireChanges(client: pg.PoolClient): Promise<void> {
  await client.query(
    `WITH e AS (
       UPDATE job_change_sets SET expired = true
       WHERE NOT expired AND published_at < now() - make_interval(days => ${CHANGES_RETENTION_DAYS})
       RETURNING first_seq, last_seq)
     DELETE FROM job_changes c USING e WHERE c.seq BETWEEN e.first_seq AND e.last_seq`,
  );
}

/**
 * Changes of imports that never went live (one killed before its swap leaves them: they are
 * written as the load goes). Imports run one at a time and publish in snapshot order, so every
 * change above the last published snapshot is such a leftover.
 */
export async function dropUnpublished(client: pg.PoolClient): Promise<void> {
  await client.query(
    `DELETE FROM job_changes WHERE snapshot_id > (SELECT coalesce(max(snapshot_id), 0) FROM job_change_sets)`,
  );
}

/** The feed's leftovers of an import that failed before its swap. */
export async function dropChanges(client: pg.PoolClient, snapshotId: number): Promise<void> {
  await client.query(
    `DELETE FROM job_changes WHERE snapshot_id = $1 AND NOT EXISTS (SELECT 1 FROM job_change_sets WHERE snapshot_id = $1)`,
    [snapshotId],
  );
}

/**
 * The loader's side of ages and changes, on a connection of its own (the words' and the COPY's
 * are busy): a batch's look back runs while its words are asked for, and a batch's changes are
 * written while the next batches are encoded (one write in flight, so memory stays bounded).
 */
export class SeenTracker {
  readonly counts = { added: 0, changed: 0 };
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: pg.PoolClient,
    private readonly snapshotId: number,
    readonly previous: Previous | null,
  ) {}

  /** Whether this import's jobs are compared with the snapshot before (it carries digests). */
  get comparing(): boolean {
    return Boolean(this.previous?.comparable);
  }

  lookBack(batch: BatchItem[]): Promise<void> {
    return this.previous ? lookBack(this.client, this.previous, batch) : Promise.resolve();
  }

  async record(changes: BatchChanges | undefined): Promise<void> {
    if (!changes || !this.comparing || changes.ids.length === 0) return;
    for (const kind of changes.kinds) kind === ADDED ? this.counts.added++ : this.counts.changed++;
    await this.writing;
    this.writing = writeChanges(this.client, this.snapshotId, changes);
    // Seen by finish(); until then its failure must not go unhandled.
    this.writing.catch(() => {});
  }

  /** Every change written (or the first write's failure thrown). */
  finish(): Promise<void> {
    return this.writing;
  }
}
