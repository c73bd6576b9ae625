// Admitted requests on the Redis path are counted here and written to Postgres in batches
// (every USAGE_FLUSH_MS, and on shutdown), so usage survives losing Redis.
import { db } from "../db";
import { env } from "../env";
import { log } from "../log";

// On globalThis: Next bundles its own copy of this module for route handlers, and server.ts
// must flush the same buffer on shutdown.
type Pending = { keyId: string; day: string; n: number };
type Buffer = { pending: Map<string, Pending>; chain: Promise<void>; started: boolean };
const g = globalThis as unknown as { usageBuffer?: Buffer };
g.usageBuffer ??= { pending: new Map(), chain: Promise.resolve(), started: false };
const buf: Buffer = g.usageBuffer;
const pending = buf.pending; // by "keyId|YYYY-MM-DD"

async function write(): Promise<void> {
  // A refund cancels its admission before either is written: nothing to send for a net zero.
  const batch = [...pending.values()].filter((p) => p.n !== 0);
  pending.clear();
  if (batch.length === 0) return;
  const ids = batch.map((p) => p.keyId);
  const days = batch.map((p) => p.day);
  const counts = batch.map((p) => p.n);
  try {
    // Joined with api_keys: counts of a key deleted meanwhile are dropped instead of failing
    // the whole batch forever.
    await db().$executeRaw`
      INSERT INTO key_usage (key_id, day, count)
      SELECT u.key_id, u.day, u.n FROM unnest(${ids}::text[], ${days}::date[], ${counts}::int[]) AS u(key_id, day, n)
      JOIN api_keys k ON k.id = u.key_id
      -- A refund (negative) only ever follows its admission, which made the row.
      WHERE u.n > 0 OR EXISTS (SELECT 1 FROM key_usage x WHERE x.key_id = u.key_id AND x.day = u.day)
      ON CONFLICT (key_id, day) DO UPDATE SET count = greatest(key_usage.count + EXCLUDED.count, 0)`;
  } catch (err) {
    for (const p of batch) add(p.keyId, p.day, p.n);
    throw err;
  }
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

/** Counts one admitted request (n = 1) or gives one back (n = -1). */
export function recordUse(keyId: string, day: string, n: 1 | -1 = 1): void {
  if (!buf.started) start();
  add(keyId, day, n);
}
