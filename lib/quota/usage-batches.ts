// Usage batches into key_usage, idempotent by batch id: the usage buffer writes its epochs
// with it, and the sweeper the journals a dead process left, under the same ids.
import { Prisma } from "../generated/prisma/client";
import { BATCH_RETENTION } from "./journal";

export type UsageEntry = { keyId: string; day: string; n: number };
/**
 * A batch keeps its id until it is known to be written, so a retry can never count twice. A
 * batch with no entries still lands its id: it claims its epoch, so the sweeper never counts a
 * journal entry of it that the owner did not (a reply lost, the request charged on Postgres).
 */
export type UsageBatch = { id: string; entries: UsageEntry[] };

/** Runs one statement (the pool's prepared statements, or a client inside a transaction). */
export type Run = (sql: Prisma.Sql) => Promise<unknown>;

/**
 * One statement for any number of batches, so each batch's id and its counts commit together
 * or not at all; a batch whose id is already there adds nothing. Counts are summed per key and
 * day over the fresh batches first (a refund in a later epoch than its admission nets out).
 * Joined with api_keys: counts of a key deleted meanwhile are dropped instead of failing the
 * batch forever.
 */
export async function writeBatches(batches: UsageBatch[], run: Run): Promise<void> {
  if (!batches.length) return;
  const ids = batches.map((b) => b.id);
  const of: string[] = [];
  const keys: string[] = [];
  const days: string[] = [];
  const counts: number[] = [];
  for (const b of batches) {
    for (const e of b.entries) {
      of.push(b.id);
      keys.push(e.keyId);
      days.push(e.day);
      counts.push(e.n);
    }
  }
  await run(Prisma.sql`
    WITH fresh AS (
      INSERT INTO usage_batches (id) SELECT unnest(${ids}::text[]) ON CONFLICT DO NOTHING RETURNING id
    ), sums AS (
      SELECT u.key_id, u.day, sum(u.n)::int AS n
      FROM unnest(${of}::text[], ${keys}::text[], ${days}::date[], ${counts}::int[]) AS u(batch, key_id, day, n)
      WHERE u.batch IN (SELECT id FROM fresh)
      GROUP BY u.key_id, u.day
    )
    INSERT INTO key_usage (key_id, day, count)
    SELECT s.key_id, s.day, s.n FROM sums s JOIN api_keys k ON k.id = s.key_id
    -- A refund (negative) only ever follows its admission, which made the row.
    WHERE s.n > 0 OR EXISTS (SELECT 1 FROM key_usage x WHERE x.key_id = s.key_id AND x.day = s.day)
    ON CONFLICT (key_id, day) DO UPDATE SET count = greatest(key_usage.count + EXCLUDED.count, 0)`);
}

/** Ids only need to outlive their retries and the journals that carry them. */
export const purgeBatches = (run: Run) =>
  run(Prisma.sql`DELETE FROM usage_batches WHERE at < now() - ${BATCH_RETENTION}::interval`);
