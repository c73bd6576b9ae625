// Admitted requests on the Redis path are counted here and written to Postgres in batches
// (every USAGE_FLUSH_MS, and on shutdown), so usage survives losing Redis.
import { db } from "../db";
import { env } from "../env";
import { log } from "../log";

// On globalThis: Next bundles its own copy of this module for route handlers, and server.ts
// must flush the same buffer on shutdown.
type Buffer = { pending: Map<string, number>; chain: Promise<void>; started: boolean };
const g = globalThis as unknown as { usageBuffer?: Buffer };
const buf: Buffer = (g.usageBuffer ??= { pending: new Map(), chain: Promise.resolve(), started: false });
const pending = buf.pending; // "keyId|YYYY-MM-DD" → admitted requests

async function write(): Promise<void> {
  if (pending.size === 0) return;
  const batch = [...pending];
  pending.clear();
  const ids = batch.map(([k]) => k.split("|")[0]!);
  const days = batch.map(([k]) => k.split("|")[1]!);
  const counts = batch.map(([, n]) => n);
  try {
    // Joined with api_keys: counts of a key deleted meanwhile are dropped instead of failing
    // the whole batch forever.
    await db().$executeRaw`
      INSERT INTO key_usage (key_id, day, count)
      SELECT u.key_id, u.day, u.n FROM unnest(${ids}::text[], ${days}::date[], ${counts}::int[]) AS u(key_id, day, n)
      JOIN api_keys k ON k.id = u.key_id
      ON CONFLICT (key_id, day) DO UPDATE SET count = key_usage.count + EXCLUDED.count`;
  } catch (err) {
    for (const [k, n] of batch) pending.set(k, (pending.get(k) ?? 0) + n);
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

export function recordUse(keyId: string, day: string): void {
  if (!buf.started) start();
  const k = `${keyId}|${day}`;
  pending.set(k, (pending.get(k) ?? 0) + 1);
}
