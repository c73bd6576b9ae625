// Usage alerts onto the outbox, from the request path without slowing it: a request whose quota
// state has reached a threshold is checked against what this process has already queued (memory),
// and only a new one is written, in the background. The outbox's key (user, window, window start,
// threshold) makes it once per window across processes.

import { hotQuery } from "../core/db";
import { log } from "../core/log";
import { Lru } from "../core/lru";
import { Prisma } from "../generated/prisma/client";
import type { QuotaState } from "../quota/state";
import { type DueAlert, dueAlerts } from "./thresholds";

const g = globalThis as unknown as { alertsQueued?: Lru<true>; alertWrites?: Set<Promise<void>> };
// Alerts this process has written (or is writing): a request past 80 % costs a lookup, not a write.
g.alertsQueued ??= new Lru<true>(20_000);
g.alertWrites ??= new Set();
const queued = g.alertsQueued;
const writes = g.alertWrites;

async function enqueue(keyId: string, a: DueAlert): Promise<void> {
  // The key's owner: quotas, and so alerts, belong to the user.
  await hotQuery(Prisma.sql`
    INSERT INTO usage_alerts (user_id, "window", window_start, threshold, used, "limit", resets_at)
    SELECT user_id, ${a.window}, ${a.windowStart}::date, ${a.threshold}, ${a.used}, ${a.limit}, ${a.resetsAt}
    FROM api_keys WHERE id = ${keyId}
    ON CONFLICT DO NOTHING`);
}

/** Called with every admitted or refused request's quota state; returns at once. */
export function noteQuota(keyId: string, quota: QuotaState, now: Date): void {
  for (const a of dueAlerts(quota, now)) {
    const id = `${keyId}|${a.window}|${a.windowStart}|${a.threshold}`;
    if (queued.get(id)) continue;
    queued.set(id, true);
    const write = enqueue(keyId, a)
      .catch((err) => {
        // Postgres away: a later request past the threshold queues it again.
        queued.delete(id);
        log.warn("usage alert not queued; a later request will", { error: String(err) });
      })
      .finally(() => writes.delete(write));
    writes.add(write);
  }
}

/** Resolves when the alerts being queued have been written (tests, shutdown). */
export async function alertsQueued(): Promise<void> {
  await Promise.all([...writes]);
}
