// The expiry loop in each server process: once a job of the live snapshot is past its
// expires_at, take it out (import/expire-jobs.ts). Instances may try at once: the import's
// lock and the pointer's row lock let one do it, and the others find nothing left to take.
import { hotQuery, withMaintenanceClient } from "../core/db";
import { env } from "../core/env";
import { log } from "../core/log";
import { Prisma } from "../generated/prisma/client";
import { type Expiry, expireJobs } from "./import/expire-jobs";
import { heldSql, IMPORT_LOCK } from "./import/import-lock";
import { invalidateLiveSnapshot, liveSnapshot } from "./live";

/**
 * How often the live snapshot is asked whether a job has expired (two index probes). The
 * embedded database lets one client in at a time: there, rarely, so that a command gets in.
 */
const POLL_MS = 2_000;
const EMBEDDED_POLL_MS = 15_000;
/** After a round that could not take them out (an error), the next waits longer, up to this. */
const MAX_BACKOFF_MS = 60_000;

const g = globalThis as unknown as { expiryWorker?: NodeJS.Timeout };

/**
 * Takes out what has expired, if anything has: null when nothing had, or while an import runs
 * (it takes them out itself after its swap).
 */
export async function expireDueJobs(): Promise<Expiry | null> {
  const live = await liveSnapshot();
  if (!live) return null;
  const [due] = await hotQuery<{ due: boolean }>(Prisma.sql`SELECT
    (EXISTS (SELECT 1 FROM jobs WHERE snapshot_id = ${live.id} AND expires_at <= now())
     OR EXISTS (SELECT 1 FROM job_copies WHERE snapshot_id = ${live.id} AND expires_at <= now()))
    AND NOT ${Prisma.raw(heldSql(String(IMPORT_LOCK)))} AS due`);
  if (!due?.due) return null;
  const out = await withMaintenanceClient((client) => expireJobs(client));
  if (!out) return null;
  invalidateLiveSnapshot(); // this process stops serving them at once; others within a second
  const { vacuumError, ...counts } = out;
  log.info("expired jobs left the catalog", { ...counts });
  if (vacuumError)
    log.warn("vacuum after taking out expired jobs failed; autovacuum will", { error: vacuumError });
  return out;
}

export function startExpiryWorker(): void {
  if (g.expiryWorker) return;
  const every = env().DATABASE_EMBEDDED ? EMBEDDED_POLL_MS : POLL_MS;
  let running = false;
  let waitUntil = 0;
  let backoff = every;
  g.expiryWorker = setInterval(() => {
    if (running || Date.now() < waitUntil) return;
    running = true;
    expireDueJobs()
      .then(() => {
        backoff = every;
      })
      .catch((err) => {
        log.warn("taking out expired jobs failed; will retry", { error: String(err) });
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        waitUntil = Date.now() + backoff;
      })
      .finally(() => {
        running = false;
      });
  }, every);
  g.expiryWorker.unref();
}
