// The deliveries' loop in each server process: plan the imports that went live, then send what
// is due; never two rounds at once in one process (others run their own, claims keep them apart).
import { hotQuery } from "../core/db";
import { log } from "../core/log";
import { Prisma } from "../generated/prisma/client";
import { purgeBodies } from "./bodies";
import { planDeliveries } from "./plan";
import { sendDueDeliveries } from "./sender";

const POLL_MS = 2_000;
/** Settled deliveries (and their attempts) are kept this long for the Studio's log, then deleted. */
export const KEEP_DELIVERIES_DAYS = 90;
/** About once an hour. */
const PURGE_EVERY = 1_800;
/**
 * The sweep of bodies left behind: at a process's first purge, then about daily, so instances
 * replaced more often than daily still sweep.
 */
const sweepDue = (rounds: number) => rounds === PURGE_EVERY || rounds % (PURGE_EVERY * 24) === 0;

/**
 * Settled deliveries past their days, then the bodies they pointed at that nothing else does;
 * `sweep` (about daily) also looks for bodies left behind otherwise (bodies.ts).
 */
export async function purgeDeliveries(sweep = false): Promise<void> {
  const gone = await hotQuery<{ body_id: string | null }>(
    Prisma.sql`DELETE FROM deliveries WHERE done_at < now() - ${`${KEEP_DELIVERIES_DAYS} days`}::interval RETURNING body_id`,
  );
  await purgeBodies(
    gone.flatMap((d) => (d.body_id ? [d.body_id] : [])),
    sweep,
  );
}
const g = globalThis as unknown as { deliveryWorker?: NodeJS.Timeout };

/** Rounds of the sender back to back while each finds work (a few hundred deliveries a tick). */
async function sendWhileDue(): Promise<void> {
  for (let i = 0; i < SEND_ROUNDS; i++) {
    const r = await sendDueDeliveries();
    if (r.delivered + r.retried + r.failed + r.skipped === 0) return;
  }
}
const SEND_ROUNDS = 50;

export function startDeliveryWorker(): void {
  if (g.deliveryWorker) return;
  let running = false;
  let rounds = 0;
  g.deliveryWorker = setInterval(() => {
    if (running) return;
    running = true;
    planDeliveries()
      .then(() => sendWhileDue())
      .then(() => (++rounds % PURGE_EVERY === 0 ? purgeDeliveries(sweepDue(rounds)) : undefined))
      .catch((err) => log.warn("delivery round failed; will retry", { error: String(err) }))
      .finally(() => {
        running = false;
      });
  }, POLL_MS);
  g.deliveryWorker.unref();
}
