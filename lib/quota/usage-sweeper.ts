// The usage journals of processes that died before writing them (SIGKILL, a crash, a lost
// machine). Every USAGE_SWEEP_MS, one process at a time (a Postgres advisory lock) scans Redis
// (every master of a cluster) for journals whose epoch began more than USAGE_SWEEP_AGE_MS ago,
// groups them by `<instance>:<epoch>`, writes each group as the usage batch of that id (nothing
// when it has landed already: its owner wrote it, or an earlier sweep did) and deletes them.
//
// Why this counts every request once:
// - An epoch is written to only while it is current (one USAGE_FLUSH_MS) and by the calls sent
//   in it (each bounded well under a second), so a journal older than the age bound is
//   complete. A late write (Redis frozen, then resumed) belongs to a call whose reply was lost,
//   which was decided on Postgres and charged there: it must not count, and it does not, since
//   its owner landed that epoch's batch (empty or not) before deleting the journal.
// - The scan is complete before anything is written, so a group is never written in part
//   (a key missing from a group was deleted by its owner, who deletes only after landing).
// - The batch ids are the owner's: whoever lands first counts, the other adds nothing, except
//   that an owner which lands after the sweeper (alive after all, its flush slower than the age
//   bound: Redis failing over, Postgres stalled) puts its own counts in place of the journal's
//   (usage-batches.ts settleSwept), since the journal can differ from what it answered.
// - A journal lives JOURNAL_TTL_S; batch ids are kept longer, so a journal is never counted again
//   after its id was purged.
import { inTransaction, type TxQuery } from "../core/db";
import { env } from "../core/env";
import { log } from "../core/log";
import { Prisma } from "../generated/prisma/client";
import { redisUsable } from "../redis/breaker";
import { deleteKeys, readHashes, redis, scanKeys } from "../redis/client";
import { ClusterScanRefused } from "../redis/cluster";
import { batchId, JOURNAL_TTL_S, journalPattern, parseJournalField, parseJournalKey } from "./journal";
import { type UsageBatch, type UsageEntry, writeBatches } from "./usage-batches";

export type SweepResult =
  | { skipped: "no-redis" | "redis-unusable" | "locked" }
  | {
      /** Journals older than the bound, and the epochs they belong to. */
      journals: number;
      epochs: number;
      /** Epochs written now; the rest had landed already (or outlived their journal's lifetime). */
      written: number;
      /** Requests (net of refunds) the written epochs added. */
      requests: number;
    };

type Group = { id: string; epoch: number; keys: string[] };

function groupsOf(keys: string[], cutoff: number): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const key of keys) {
    const j = parseJournalKey(key);
    if (!j || j.epoch >= cutoff) continue;
    const id = batchId(j.instance, j.epoch);
    const group = groups.get(id);
    if (group) group.keys.push(key);
    else groups.set(id, { id, epoch: j.epoch, keys: [key] });
  }
  return groups;
}

function entriesOf(hashes: Record<string, unknown>[]): UsageEntry[] {
  const sums = new Map<string, UsageEntry>();
  for (const hash of hashes) {
    for (const [field, value] of Object.entries(hash)) {
      const f = parseJournalField(field);
      const n = Number(value);
      if (!f || !Number.isInteger(n) || n === 0) continue;
      const entry = sums.get(field);
      if (entry) entry.n += n;
      else sums.set(field, { ...f, n });
    }
  }
  return [...sums.values()].filter((e) => e.n !== 0);
}

async function lock(query: TxQuery, prefix: string, wait: boolean): Promise<boolean> {
  const name = `usage-sweep:${prefix}`;
  if (wait) {
    await query(Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))::text AS ok`);
    return true;
  }
  const [row] = await query<{ ok: boolean }>(
    Prisma.sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${name}, 0)) AS ok`,
  );
  return row?.ok === true;
}

/**
 * One sweep. `ageMs` overrides USAGE_SWEEP_AGE_MS, `wait` waits for another process's sweep
 * instead of leaving this round to it (tests).
 */
export async function sweepJournals(
  opts: { ageMs?: number; now?: number; wait?: boolean } = {},
): Promise<SweepResult> {
  const client = redis();
  if (!client) return { skipped: "no-redis" };
  if (!redisUsable()) return { skipped: "redis-unusable" };
  const { REDIS_PREFIX, USAGE_SWEEP_AGE_MS } = env();
  const now = opts.now ?? Date.now();
  const cutoff = now - (opts.ageMs ?? USAGE_SWEEP_AGE_MS);
  const oldest = now - JOURNAL_TTL_S * 1000;
  const done = await inTransaction(async (query) => {
    if (!(await lock(query, REDIS_PREFIX, opts.wait ?? false))) return null;
    const groups = groupsOf(await scanKeys(client, journalPattern(REDIS_PREFIX)), cutoff);
    const all = [...groups.values()];
    if (!all.length) return { all, written: [] as UsageBatch[] };
    const landed = new Set(
      (
        await query<{ id: string }>(
          Prisma.sql`SELECT id FROM usage_batches WHERE id = ANY(${all.map((g) => g.id)}::text[])`,
        )
      ).map((r) => r.id),
    );
    // Older than a journal lives: only clock trouble keeps one that long, and its batch's id
    // may be purged by now. Dropped, never counted.
    const stale = all.filter((g) => !landed.has(g.id) && g.epoch < oldest);
    if (stale.length) log.warn("usage journals older than their lifetime dropped", { epochs: stale.length });
    const open = all.filter((g) => !landed.has(g.id) && g.epoch >= oldest).sort((a, b) => a.epoch - b.epoch);
    const hashes = await readHashes(
      client,
      open.flatMap((g) => g.keys),
    );
    let at = 0;
    const written = open.map((g) => {
      const batch = { id: g.id, entries: entriesOf(hashes.slice(at, at + g.keys.length)) };
      at += g.keys.length;
      return batch;
    });
    await writeBatches(written, query, { swept: true });
    return { all, written };
  });
  if (!done) return { skipped: "locked" };
  // After the commit: a journal deleted before its batch is written would be lost.
  await deleteKeys(
    client,
    done.all.flatMap((g) => g.keys),
  );
  const requests = done.written.reduce((sum, b) => sum + b.entries.reduce((s, e) => s + e.n, 0), 0);
  if (done.written.length) log.info("usage journals swept", { epochs: done.written.length, requests });
  return {
    journals: done.all.reduce((n, g) => n + g.keys.length, 0),
    epochs: done.all.length,
    written: done.written.length,
    requests,
  };
}

// One sweep at a time in a process; the timer's next one is planned when the last has ended.
const g = globalThis as unknown as { usageSweeper?: { started: boolean; running: Promise<unknown> } };
g.usageSweeper ??= { started: false, running: Promise.resolve() };
const sweeper = g.usageSweeper;

/** sweepJournals, after any sweep this process already has under way. */
export function sweepNow(opts: Parameters<typeof sweepJournals>[0] = {}): Promise<SweepResult> {
  const next = sweeper.running.catch(() => {}).then(() => sweepJournals(opts));
  sweeper.running = next;
  return next;
}

/** Starts the periodic sweep (once per process; nothing without Redis). */
export function startUsageSweeper(): void {
  if (sweeper.started || !redis()) return;
  sweeper.started = true;
  const every = env().USAGE_SWEEP_MS;
  // Spread over the interval, so instances started together do not all try at once.
  const plan = () => setTimeout(tick, every * (0.75 + Math.random() / 2)).unref();
  const tick = () => {
    void sweepNow()
      .catch((err) =>
        // A cluster that is starting or failing over: nothing is wrong, the next round will do.
        err instanceof ClusterScanRefused
          ? log.info("usage sweep put off", { reason: err.message })
          : log.warn("usage sweep failed; will retry", { error: String(err) }),
      )
      .finally(plan);
  };
  plan();
}
