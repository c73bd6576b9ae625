// Admitted requests on the Redis path are counted here and written to Postgres in batches
// (every USAGE_FLUSH_MS, and on shutdown), so usage survives losing Redis. Refunds are counted
// here too, as -1.
//
// Counts are kept per epoch: a new one begins every USAGE_FLUSH_MS (its id is the time it
// began, in ms). The quota scripts that admit (and refund) a request also write it, in the same
// atomic step, to a journal in Redis named after this process and the epoch the script was sent
// in (journal.ts); the reply is counted here in that same epoch. A flush closes the epoch,
// waits for its Redis calls still in flight, writes its counts as usage batch
// `<instance>:<epoch>` (idempotent: usage_batches) and then deletes its journals. A process
// that dies first (SIGKILL) leaves the journals of its unwritten epochs in Redis, where the
// sweeper (usage-sweeper.ts) finds them and writes them under the same batch ids.
//
// While this process lives, its own counts are what it writes, not the journal read back:
// a script whose reply was lost may have run and journaled +1, but that request was then
// decided on Postgres (admission.ts), which charges it in key_usage itself. Counting the
// journal too would charge it twice; the batch of its epoch lands even when it is empty, so the
// sweeper never counts that entry either. Should the sweeper land an epoch first all the same
// (this process's flush stalled past the sweep's age bound), this process's batch settles the
// difference when it lands (usage-batches.ts settleSwept): its counts win.
import { randomBytes } from "node:crypto";
import { hotQuery, inTransaction } from "../core/db";
import { env } from "../core/env";
import { log } from "../core/log";
import { redisUsable } from "../redis/breaker";
import { deleteKeys, redis } from "../redis/client";
import { batchId, journalSuffix } from "./journal";
import { purgeBatches, settleSwept, type UsageBatch, type UsageEntry, writeBatches } from "./usage-batches";
import { startUsageSweeper } from "./usage-sweeper";

/** One epoch's counts, and the journal keys Redis may hold for it. */
export type Epoch = {
  readonly id: number;
  /** What follows a key's slot tag in this epoch's journal name. */
  readonly suffix: string;
  /** By "keyId|YYYY-MM-DD". */
  readonly counts: Map<string, UsageEntry>;
  /** Journals Redis may hold for this epoch: deleted once its batch has landed. */
  readonly journals: Set<string>;
  /**
   * Journaled Redis calls sent in this epoch and not yet done: not answered, an admission not yet
   * counted (its request not yet answered), or a request whose send went unanswered, until it
   * ends (held-epochs.ts).
   */
  inflight: number;
  idle?: () => void;
  /** Taken once; a reply that comes later still is counted in the current epoch. */
  batch?: UsageBatch;
};

// On globalThis: Next bundles its own copy of this module for route handlers, and server.ts
// must flush the same buffer on shutdown.
type Buffer = {
  /** This process's id in journal names and batch ids. */
  instance: string;
  current: Epoch;
  /** Closed epochs whose batch has not landed yet, oldest first. */
  closed: Epoch[];
  chain: Promise<void>;
  started: boolean;
  flushes: number;
};

function newEpoch(instance: string, after = 0): Epoch {
  const id = Math.max(Date.now(), after + 1);
  return { id, suffix: journalSuffix(instance, id), counts: new Map(), journals: new Set(), inflight: 0 };
}

const g = globalThis as unknown as { usageEpochs?: Buffer };
if (!g.usageEpochs) {
  const instance = randomBytes(8).toString("hex");
  g.usageEpochs = {
    instance,
    current: newEpoch(instance),
    closed: [],
    chain: Promise.resolve(),
    started: false,
    flushes: 0,
  };
}
const buf: Buffer = g.usageEpochs;

/** A flush waits this long at most for an epoch's Redis calls (each is bounded well below it). */
const DRAIN_MS = 5_000;
/** Epochs per statement when a backlog built up (Postgres was away). */
const EPOCHS_PER_WRITE = 200;

function add(e: Epoch, keyId: string, day: string, n: number): void {
  const k = `${keyId}|${day}`;
  const entry = e.counts.get(k);
  if (entry) entry.n += n;
  else e.counts.set(k, { keyId, day, n });
}

/** This process's id in journal names and batch ids. */
export const usageInstance = () => buf.instance;

/**
 * The epoch a journaled Redis call is sent in (its journal: `journalKey(tag, epoch)`). Every
 * call must be followed by one `journalDone` for that epoch, whatever its outcome.
 */
export function journalEpoch(): Epoch {
  if (!buf.started) start();
  const e = buf.current;
  e.inflight++;
  return e;
}

export const journalKey = (tag: string, e: Epoch) => tag + e.suffix;

/**
 * A journaled call has returned. `journal`: the journal it may have written (it admitted or
 * refunded, or it has no answer and may have run), null when it certainly wrote none. `n`:
 * the use to count (1 admitted, -1 refunded, 0 nothing), in the epoch the call was sent in.
 */
export function journalDone(e: Epoch, journal: string | null, keyId = "", day = "", n = 0): void {
  if (journal !== null) e.journals.add(journal);
  if (n !== 0) add(e.batch ? buf.current : e, keyId, day, n);
  if (--e.inflight === 0) e.idle?.();
}

/**
 * A journal a call in flight may have written, or may still write (a send whose answer was lost):
 * noted at once, so that the epoch's batch lands even if the call outlasts the flush's drain and
 * the sweeper never charges that journal too.
 */
export function journalMayHold(e: Epoch, journal: string): void {
  e.journals.add(journal);
}

/** Counts a use that has no journal (a refund of a request admitted on Postgres; tests). */
export function recordUse(keyId: string, day: string, n: 1 | -1 = 1): void {
  if (!buf.started) start();
  add(buf.current, keyId, day, n);
}

/** Closes the current epoch: what is counted from now on belongs to the next one. */
function rotate(): void {
  const e = buf.current;
  buf.current = newEpoch(buf.instance, e.id);
  if (e.inflight > 0 || e.counts.size > 0 || e.journals.size > 0) buf.closed.push(e);
}

function drained(e: Epoch): Promise<void> | undefined {
  if (e.inflight === 0) return;
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DRAIN_MS);
    e.idle = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

function take(e: Epoch): UsageBatch {
  e.batch ??= { id: batchId(buf.instance, e.id), entries: [...e.counts.values()].filter((p) => p.n !== 0) };
  return e.batch;
}

/** Best effort: a journal left behind is deleted by the sweeper, which finds its batch landed. */
async function deleteJournals(epochs: Epoch[]): Promise<void> {
  const client = redis();
  const keys = epochs.flatMap((e) => [...e.journals]);
  if (!keys.length || !client || !redisUsable()) return;
  try {
    await deleteKeys(client, keys);
  } catch (err) {
    log.debug("usage journals not deleted; the sweeper will", { error: String(err) });
  }
}

/**
 * The epochs closed so far, in one statement. Epochs closed during the write wait for the next
 * flush: under load, looping until nothing is left would write back to back, and the flush
 * interval would no longer bound how often usage reaches Postgres.
 */
async function write(): Promise<void> {
  const epochs = buf.closed.slice(0, EPOCHS_PER_WRITE);
  if (epochs.length) {
    await Promise.all(epochs.map(drained));
    const batches = epochs.map(take).filter((b, i) => b.entries.length > 0 || epochs[i]?.journals.size);
    const there = new Set(await writeBatches(batches, hotQuery));
    // Already there: an earlier try of this write, or the sweeper, which took this live
    // process for a dead one; its counts give way to ours.
    if (there.size) {
      const settled = await inTransaction((query) =>
        settleSwept(
          batches.filter((b) => there.has(b.id)),
          query,
        ),
      );
      if (settled)
        log.warn("usage batches the sweeper wrote for a live process settled", { difference: settled });
    }
    buf.closed.splice(0, epochs.length);
    await deleteJournals(epochs);
  }
  if (++buf.flushes % 3600 === 0) await purgeBatches(hotQuery);
}

/** Writes everything counted so far; resolves after earlier flushes have finished too. */
export function flushUsage(): Promise<void> {
  rotate();
  buf.chain = buf.chain.catch(() => {}).then(write);
  return buf.chain;
}

// Shutdown flushes through server.ts (npm start); the timer covers everything else. It closes
// an epoch every interval even while a write is stuck, so an epoch is only ever written to for
// about one interval: the sweeper relies on that.
function start(): void {
  buf.started = true;
  setInterval(() => {
    flushUsage().catch((err) => log.warn("usage flush failed; will retry", { error: String(err) }));
  }, env().USAGE_FLUSH_MS).unref();
  startUsageSweeper();
}

/**
 * What this process has counted and not yet written to key_usage: closed epochs waiting for
 * their write, and the requests (net of refunds) those and the current epoch hold.
 */
export function usageBacklog(): { epochs: number; requests: number } {
  let requests = 0;
  for (const e of [...buf.closed, buf.current])
    for (const p of e.batch?.entries ?? e.counts.values()) requests += p.n;
  return { epochs: buf.closed.length, requests };
}

/** Whether counts of a day before `day` wait to be written (only just after midnight, UTC). */
export function pendingBefore(day: string): boolean {
  const waiting = (e: Epoch) => {
    for (const p of e.batch?.entries ?? e.counts.values()) if (p.day < day && p.n !== 0) return true;
    return false;
  };
  return waiting(buf.current) || buf.closed.some(waiting);
}
