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
export type Run = <T extends Record<string, unknown>>(sql: Prisma.Sql) => Promise<T[]>;

/** Adds counts per key and day to key_usage (negative ones only to a row that exists). */
function addUsage(rows: Prisma.Sql): Prisma.Sql {
  // Joined with api_keys: counts of a key deleted meanwhile are dropped instead of failing the
  // batch forever. A refund (negative) only ever follows its admission, which made the row.
  return Prisma.sql`INSERT INTO key_usage (key_id, day, count)
    SELECT s.key_id, s.day, s.n FROM (${rows}) s JOIN api_keys k ON k.id = s.key_id
    WHERE s.n > 0 OR EXISTS (SELECT 1 FROM key_usage x WHERE x.key_id = s.key_id AND x.day = s.day)
    ON CONFLICT (key_id, day) DO UPDATE SET count = greatest(key_usage.count + EXCLUDED.count, 0)`;
}

function columns(batches: UsageBatch[]) {
  const of: string[] = [];
  const keys: string[] = [];
  const days: string[] = [];
  const counts: number[] = [];
  for (const b of batches)
    for (const e of b.entries) {
      of.push(b.id);
      keys.push(e.keyId);
      days.push(e.day);
      counts.push(e.n);
    }
  return { of, keys, days, counts };
}

/**
 * One statement for any number of batches, so each batch's id and its counts commit together
 * or not at all; a batch whose id is already there adds nothing. Counts are summed per key and
 * day over the fresh batches first (a refund in a later epoch than its admission nets out).
 * `swept`: the sweeper's write, which keeps each batch's counts beside its id (settleSwept).
 * Returns the ids that were already there: the caller's own earlier write, or the sweeper's.
 */
export async function writeBatches(
  batches: UsageBatch[],
  run: Run,
  opts: { swept?: boolean } = {},
): Promise<string[]> {
  if (!batches.length) return [];
  const ids = batches.map((b) => b.id);
  const swept = batches.map((b) =>
    opts.swept ? JSON.stringify(b.entries.map((e) => ({ k: e.keyId, d: e.day, n: e.n }))) : null,
  );
  const { of, keys, days, counts } = columns(batches);
  const rows = await run<{ id: string }>(Prisma.sql`
    WITH fresh AS (
      INSERT INTO usage_batches (id, swept) SELECT * FROM unnest(${ids}::text[], ${swept}::jsonb[])
      ON CONFLICT DO NOTHING RETURNING id
    ), applied AS (${addUsage(Prisma.sql`
      SELECT u.key_id, u.day, sum(u.n)::int AS n
      FROM unnest(${of}::text[], ${keys}::text[], ${days}::date[], ${counts}::int[]) AS u(batch, key_id, day, n)
      WHERE u.batch IN (SELECT id FROM fresh)
      GROUP BY u.key_id, u.day`)} RETURNING 1)
    SELECT id FROM unnest(${ids}::text[]) AS i(id) WHERE id NOT IN (SELECT id FROM fresh)`);
  return rows.map((r) => r.id);
}

/**
 * The owner's counts in place of the sweeper's, for batches the sweeper wrote from this
 * process's journals while it was alive after all (a flush slower than the sweep's age bound).
 * What the process answered is what it owes: the journal may lack an admission a lost Redis
 * master never replicated, or hold one whose reply was lost and which Postgres decided and
 * charged. In one transaction (`run` inside it): each swept batch is settled once, its counts
 * cleared as the difference is added.
 */
export async function settleSwept(batches: UsageBatch[], run: Run): Promise<number> {
  if (!batches.length) return 0;
  const found = await run<{ id: string; swept: { k: string; d: string; n: number }[] }>(
    Prisma.sql`SELECT id, swept FROM usage_batches WHERE id = ANY(${batches.map((b) => b.id)}::text[]) AND swept IS NOT NULL FOR UPDATE`,
  );
  if (!found.length) return 0;
  const diff = new Map<string, UsageEntry>();
  const add = (keyId: string, day: string, n: number) => {
    const k = `${keyId}|${day}`;
    const e = diff.get(k);
    if (e) e.n += n;
    else diff.set(k, { keyId, day, n });
  };
  const settled = new Set(found.map((f) => f.id));
  for (const f of found) for (const e of f.swept) add(e.k, e.d, -e.n);
  for (const b of batches) if (settled.has(b.id)) for (const e of b.entries) add(e.keyId, e.day, e.n);
  const changed = [...diff.values()].filter((e) => e.n !== 0);
  await run(Prisma.sql`UPDATE usage_batches SET swept = NULL WHERE id = ANY(${[...settled]}::text[])`);
  if (changed.length) {
    const { keys, days, counts } = columns([{ id: "", entries: changed }]);
    await run(
      addUsage(
        Prisma.sql`SELECT * FROM unnest(${keys}::text[], ${days}::date[], ${counts}::int[]) AS u(key_id, day, n)`,
      ),
    );
  }
  return changed.reduce((sum, e) => sum + e.n, 0);
}

/** Ids only need to outlive their retries and the journals that carry them. */
export const purgeBatches = (run: Run) =>
  run(Prisma.sql`DELETE FROM usage_batches WHERE at < now() - ${BATCH_RETENTION}::interval`);
