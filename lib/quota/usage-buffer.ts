// Admitted requests on the Redis path are counted here and written to Postgres in batches
// (every USAGE_FLUSH_MS, and on shutdown), so usage survives losing Redis. Refunds are counted
// here too, as -1.
import { randomUUID } from "node:crypto";
import { hotQuery } from "../db";
import { env } from "../env";
import { Prisma } from "../generated/prisma/client";
import { log } from "../log";

type Pending = { keyId: string; day: string; n: number };
/** A batch keeps its id until it is known to be written, so a retry can never count twice. */
type Batch = { id: string; entries: Pending[] };
// On globalThis: Next bundles its own copy of this module for route handlers, and server.ts
// must flush the same buffer on shutdown.
type Buffer = {
  pending: Map<string, Pending>;
  retry?: Batch;
  chain: Promise<void>;
  started: boolean;
  flushes: number;
};
const g = globalThis as unknown as { usageBuffer?: Buffer };
g.usageBuffer ??= { pending: new Map(), chain: Promise.resolve(), started: false, flushes: 0 };
const buf: Buffer = g.usageBuffer;
const pending = buf.pending; // by "keyId|YYYY-MM-DD"

/** The pending counts as a new batch; a refund cancels its admission before either is sent. */
function takePending(): Batch | undefined {
  const entries = [...pending.values()].filter((p) => p.n !== 0);
  pending.clear();
  return entries.length ? { id: randomUUID(), entries } : undefined;
}

async function writeBatch(batch: Batch): Promise<void> {
  const ids = batch.entries.map((p) => p.keyId);
  const days = batch.entries.map((p) => p.day);
  const counts = batch.entries.map((p) => p.n);
  // One statement, so the batch id and its counts commit together or not at all. Joined with
  // api_keys: counts of a key deleted meanwhile are dropped instead of failing the batch forever.
  await hotQuery(Prisma.sql`
    WITH fresh AS (INSERT INTO usage_batches (id) VALUES (${batch.id}) ON CONFLICT DO NOTHING RETURNING id)
    INSERT INTO key_usage (key_id, day, count)
    SELECT u.key_id, u.day, u.n FROM unnest(${ids}::text[], ${days}::date[], ${counts}::int[]) AS u(key_id, day, n)
    JOIN api_keys k ON k.id = u.key_id
    WHERE EXISTS (SELECT 1 FROM fresh)
      -- A refund (negative) only ever follows its admission, which made the row.
      AND (u.n > 0 OR EXISTS (SELECT 1 FROM key_usage x WHERE x.key_id = u.key_id AND x.day = u.day))
    ON CONFLICT (key_id, day) DO UPDATE SET count = greatest(key_usage.count + EXCLUDED.count, 0)`);
}

async function land(batch: Batch): Promise<void> {
  buf.retry = batch; // kept, with its id, until the write is known to have landed
  await writeBatch(batch);
  buf.retry = undefined;
}

/**
 * A failed batch first, then what was pending when the flush began. Counts that arrive during
 * the write wait for the next flush: under load, looping until the buffer is empty would write
 * back to back (measured: ten statements a second instead of one).
 */
async function write(): Promise<void> {
  if (buf.retry) await land(buf.retry);
  const batch = takePending();
  if (batch) await land(batch);
  // Ids only need to outlive the retries of a batch: a day is plenty.
  if (++buf.flushes % 3600 === 0)
    await hotQuery(Prisma.sql`DELETE FROM usage_batches WHERE at < now() - interval '1 day'`);
}

/** Writes everything counted so far; resolves after earlier flushes have finished too. */
export function flushUsage(): Promise<void> {
  buf.chain = buf.chain.catch(() => {}).then(write);
  return buf.chain;
}

// Shutdown flushes through server.ts (npm start); the timer covers everything else.
function start(): void {
  buf.started = true;
  setInterval(() => {
    flushUsage().catch((err) => log.warn("usage flush failed; will retry", { error: String(err) }));
  }, env().USAGE_FLUSH_MS).unref();
}

function add(keyId: string, day: string, n: number): void {
  const k = `${keyId}|${day}`;
  const entry = pending.get(k);
  if (entry) entry.n += n;
  else pending.set(k, { keyId, day, n });
}

/** Whether counts of a day before `day` wait to be written (only just after midnight, UTC). */
export function pendingBefore(day: string): boolean {
  for (const p of pending.values()) if (p.day < day && p.n !== 0) return true;
  return buf.retry?.entries.some((p) => p.day < day) ?? false;
}

/** Counts one admitted request (n = 1) or gives one back (n = -1). */
export function recordUse(keyId: string, day: string, n: 1 | -1 = 1): void {
  if (!buf.started) start();
  add(keyId, day, n);
}
