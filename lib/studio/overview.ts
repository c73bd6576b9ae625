// What the Studio shows a signed-in user: their newest key, its use, their alerts switch, their plan. Reading it
// uses no quota.

import { billingConfig } from "../billing/config";
import { db } from "../core/db";
import type { Tier } from "../core/plans";
import { TIERS } from "../core/plans";
import { currentCounts } from "../quota/counts";
import { monthDays } from "../quota/pg-engine";
import { dayOf, monthStartOf, resets } from "../quota/windows";

export async function studioOverview(user: { id: string; tier: Tier }, now: Date) {
  const key = await db().apiKey.findFirst({
    where: { userId: user.id },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      hash: true,
      hint: true,
      status: true,
      createdAt: true,
      confirmedAt: true,
      revokedAt: true,
    },
  });
  const limits = TIERS[user.tier];
  const settings = await db().user.findUnique({
    where: { id: user.id },
    select: {
      usageAlerts: true,
      stripeCustomerId: true,
      subscription: { select: { pendingTier: true, pendingAt: true, status: true } },
    },
  });
  let usage: { today: number; month: number; days: { date: string; count: number }[] } | null = null;
  if (key) {
    const counts = await currentCounts(key.hash, key.id, now);
    usage = { today: counts.day, month: counts.month, days: await monthDays(key.id, now, counts.day) };
  }
  const { hash: _hash, ...shown } = key ?? { hash: "" };
  return {
    tier: user.tier,
    limits,
    usageAlerts: settings?.usageAlerts ?? true,
    billing: {
      configured: billingConfig() !== null,
      hasCustomer: Boolean(settings?.stripeCustomerId),
      pending:
        settings?.subscription?.pendingTier && settings.subscription.pendingAt
          ? { tier: settings.subscription.pendingTier, at: settings.subscription.pendingAt }
          : null,
      pastDue: settings?.subscription?.status === "past_due",
    },
    key: key ? (shown as Omit<typeof key, "hash">) : null,
    usage,
    resets: resets(now),
    monthStart: monthStartOf(now),
    /** The UTC day quotas count in, to mark on the chart. */
    today: dayOf(now),
  };
}
