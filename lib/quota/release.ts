// Giving units back: a refund of an admitted request that failed or did no work, and the
// cancelling of a Postgres-path admission whose reply was lost.
import { log } from "../core/log";
import { redisUsable, tripRedisBreaker } from "../redis/breaker";
import type { Charge } from "./admission";
import { releaseInPostgres } from "./pg-engine";
import { redisQuota } from "./redis-engine";
import { recordUse } from "./usage-buffer";
import { dayOf } from "./windows";

/** A lost reply is cancelled for this long at most: far longer than any statement can wait. */
const RELEASE_FOR_MS = 15 * 60_000;

// On globalThis: Next bundles its own copy of lib/ for route handlers; tests wait on it.
const g = globalThis as unknown as { quotaReleases?: Set<Promise<void>> };
g.quotaReleases ??= new Set();
const releases = g.quotaReleases;

/**
 * Cancels request `requestId` on the Postgres path until Postgres answers: its admission may
 * still commit, or have committed, after its caller was told 503. Retried with backoff in the
 * background; a cancelled id can no longer be admitted, whichever statement runs first.
 */
export function releaseLater(requestId: string, keyId: string, at: Date): void {
  const until = Date.now() + RELEASE_FOR_MS;
  const run = (async () => {
    for (let wait = 100; Date.now() < until; wait = Math.min(wait * 2, 10_000)) {
      try {
        await releaseInPostgres(requestId, keyId, dayOf(at));
        return;
      } catch {
        await new Promise((r) => setTimeout(r, wait).unref());
      }
    }
    log.warn("a lost Postgres admission could not be cancelled", { key_id: keyId });
  })();
  releases.add(run);
  void run.finally(() => releases.delete(run));
}

/** Resolves when every cancel under way has landed (tests; shutdown). */
export async function releasesSettled(): Promise<void> {
  while (releases.size) await Promise.allSettled([...releases]);
}

/**
 * Gives back the unit of an admitted request that the service failed (5xx) or that did no work
 * (304, 405), in the quota and in the charge ledger alike. A refund Redis cannot take leaves its
 * unit spent until the day ends (never the other way: callers are never given extra).
 */
export async function refund(charge: Charge): Promise<void> {
  if (charge.backend === "postgres") {
    // By its id, in one transaction; if Postgres is away, until it answers.
    try {
      await releaseInPostgres(charge.requestId, charge.keyId, dayOf(charge.at));
    } catch {
      releaseLater(charge.requestId, charge.keyId, charge.at);
    }
    return;
  }
  // On Redis the engine counts it in the usage buffer (in the epoch whose journal the refund
  // script writes), whatever Redis answers.
  const rq = redisQuota();
  if (!rq || !redisUsable()) {
    recordUse(charge.keyId, dayOf(charge.at), -1);
    return;
  }
  try {
    await rq.refund(charge.hash, charge.keyId, charge.at, charge.requestId);
  } catch (err) {
    tripRedisBreaker(err);
    log.warn("quota refund not taken by Redis", { key_id: charge.keyId });
  }
}
