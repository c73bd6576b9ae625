// Plan changes that wait for the end of a paid period (a downgrade, a cancellation), applied
// when their time comes: every minute on every process, each change once (a row lock).
import { db } from "../core/db";
import { log } from "../core/log";
import type { Tier } from "../core/plans";
import { publishUserKeys, setTierIn } from "../keys/lifecycle";
import { billingConfig } from "./config";

/** Plan changes whose time has come (downgrades and cancellations at the end of a paid period). */
export async function applyDuePlanChanges(now = new Date()): Promise<number> {
  const due = await db().billingSubscription.findMany({
    where: { pendingAt: { lte: now }, pendingTier: { not: null } },
    select: { userId: true },
  });
  let applied = 0;
  for (const { userId } of due) {
    const changed = await db().$transaction(async (tx) => {
      // Read again under the row's lock: a webhook may have changed or cleared it meanwhile.
      const rows = await tx.$queryRaw<{ pending_tier: Tier | null; pending_at: Date | null }[]>`
        SELECT pending_tier, pending_at FROM billing_subscriptions WHERE user_id = ${userId} FOR UPDATE`;
      const row = rows[0];
      if (!row?.pending_tier || !row.pending_at || row.pending_at > now) return false;
      await setTierIn(tx, userId, row.pending_tier);
      await tx.billingSubscription.update({
        where: { userId },
        data: { pendingTier: null, pendingAt: null },
      });
      return true;
    });
    if (changed) {
      await publishUserKeys(userId);
      applied++;
    }
  }
  return applied;
}

const g = globalThis as unknown as { planChanges?: NodeJS.Timeout };

/** Every minute in this process (the server starts it when plans are sold). */
export function startPlanChanges(): void {
  if (g.planChanges || !billingConfig()) return;
  g.planChanges = setInterval(() => {
    applyDuePlanChanges().catch((err) =>
      log.warn("plan changes not applied; will retry", { error: String(err) }),
    );
  }, 60_000);
  g.planChanges.unref();
}
