// Stripe's webhook events → the user's plan. Each event is handled once (stripe_events), and
// applied only when it is not older than the newest event already applied to that user
// (Stripe does not promise order). The rules:
// - checkout.session.completed: the paid tier at once (an upgrade from free).
// - customer.subscription.created / updated, by status:
//   active or trialing: a higher tier at once; a lower one, or a cancellation at period end,
//   waits for the end of the period paid at the higher price (pending_tier / pending_at);
//   past_due: the plan stays while Stripe retries the payment;
//   canceled, unpaid, incomplete_expired: free at once. incomplete: nothing yet.
// - customer.subscription.deleted: free at once.
// - invoice.payment_failed: recorded; the plan stays (Stripe's retries decide, through the events above).
import type Stripe from "stripe";
import { db, type DbTx as Tx } from "../core/db";
import type { Tier } from "../core/plans";
import { publishUserKeys, setTierIn } from "../keys/lifecycle";
import { type BillingConfig, isUpgrade, type PaidTier, tierOfPrice } from "./config";

export type EventOutcome =
  | { outcome: "applied"; userId: string; tier: Tier; pending?: { tier: Tier; at: Date } }
  | { outcome: "duplicate" | "stale" | "ignored"; why?: string };

type SubscriptionLike = {
  id: string;
  status: string;
  customer: string | { id: string };
  cancel_at_period_end?: boolean;
  current_period_end?: number;
  metadata?: Record<string, string>;
  items?: { data?: { price?: { id?: string }; current_period_end?: number }[] };
};

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));
const at = (seconds: number | undefined | null) => (seconds ? new Date(seconds * 1000) : null);

/**
 * The user a subscription or customer belongs to (by the customer we linked, else the metadata
 * we set), locked for the rest of the transaction: two events for one user are applied one
 * after the other, so the older one always sees the newer one's time. With the user's plan, their
 * subscription as the last applied event left it, and whether that event is newer than this one.
 */
async function lockedUser(tx: Tx, eventAt: Date, customerId: string | null, metadataUser?: string) {
  let id: string | null = null;
  if (customerId)
    id =
      (await tx.user.findUnique({ where: { stripeCustomerId: customerId }, select: { id: true } }))?.id ??
      null;
  if (!id && metadataUser)
    id = (await tx.user.findUnique({ where: { id: metadataUser }, select: { id: true } }))?.id ?? null;
  if (!id) return null;
  const [user] = await tx.$queryRaw<{ tier: Tier }[]>`SELECT tier FROM users WHERE id = ${id} FOR UPDATE`;
  if (!user) return null;
  const existing = await tx.billingSubscription.findUnique({ where: { userId: id } });
  return {
    userId: id,
    tier: user.tier,
    existing,
    stale: existing !== null && existing.lastEventAt > eventAt,
  };
}

type Change = { userId: string; tier: Tier; pending?: { tier: Tier; at: Date } };

async function applySubscription(
  tx: Tx,
  config: BillingConfig,
  sub: SubscriptionLike,
  eventAt: Date,
  deleted: boolean,
): Promise<Change | string> {
  const customerId = idOf(sub.customer);
  const locked = await lockedUser(tx, eventAt, customerId, sub.metadata?.user_id);
  if (!locked) return "no user for this customer";
  if (locked.stale) return "stale";
  const { userId, existing } = locked;
  const user = { tier: locked.tier };
  const item = sub.items?.data?.[0];
  const paid = tierOfPrice(config, item?.price?.id);
  if (!paid) return `a price this service does not sell`;
  const periodEnd = at(item?.current_period_end ?? sub.current_period_end);
  const now = new Date();

  let tier: Tier = user.tier;
  let pending: { tier: Tier; at: Date } | undefined;
  const status = deleted ? "canceled" : sub.status;
  if (["canceled", "unpaid", "incomplete_expired"].includes(status)) tier = "free";
  else if (status === "active" || status === "trialing") {
    if (isUpgrade(user.tier, paid)) tier = paid;
    const target: Tier = sub.cancel_at_period_end ? "free" : paid;
    // A cancellation runs to the end of the subscription's current period (Stripe keeps the
    // price until then); a cheaper price, to the end of the period paid at the dearer one,
    // which the previous event recorded (past already when Stripe switched at a renewal).
    const until = sub.cancel_at_period_end ? periodEnd : existing?.currentPeriodEnd;
    if (isUpgrade(target, tier)) {
      if (until && until > now) pending = { tier: target, at: until };
      else tier = target;
    }
  } else if (status !== "past_due" && status !== "incomplete") return `status ${status}`;

  const state = {
    subscriptionId: sub.id,
    status,
    paidTier: paid,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
    pendingTier: pending?.tier ?? null,
    pendingAt: pending?.at ?? null,
    lastEventAt: eventAt,
    updatedAt: now,
  };
  await tx.billingSubscription.upsert({ where: { userId }, create: { userId, ...state }, update: state });
  if (customerId) await tx.user.update({ where: { id: userId }, data: { stripeCustomerId: customerId } });
  if (tier !== user.tier) await setTierIn(tx, userId, tier);
  return { userId, tier, pending };
}

async function applyCheckout(
  tx: Tx,
  config: BillingConfig,
  session: Stripe.Checkout.Session,
  eventAt: Date,
): Promise<Change | string> {
  const tier = session.metadata?.tier as PaidTier | undefined;
  const subscriptionId = idOf(session.subscription);
  if (!tier || !(tier in config.prices) || !subscriptionId) return "not a plan checkout";
  const locked = await lockedUser(
    tx,
    eventAt,
    null,
    session.client_reference_id ?? session.metadata?.user_id,
  );
  if (!locked) return "no user for this checkout";
  if (locked.stale) return "stale";
  const { userId, existing } = locked;
  const user = { tier: locked.tier };
  const customerId = idOf(session.customer);
  if (customerId) await tx.user.update({ where: { id: userId }, data: { stripeCustomerId: customerId } });
  const state = {
    subscriptionId,
    status: existing?.status ?? "active",
    paidTier: tier,
    lastEventAt: eventAt,
    updatedAt: new Date(),
  };
  await tx.billingSubscription.upsert({
    where: { userId },
    create: { userId, ...state, status: "active" },
    update: state,
  });
  const next = isUpgrade(user.tier, tier) ? tier : user.tier;
  if (next !== user.tier) await setTierIn(tx, userId, next);
  return { userId, tier: next };
}

async function recordPaymentFailed(tx: Tx, invoice: Stripe.Invoice, eventAt: Date): Promise<string> {
  const locked = await lockedUser(tx, eventAt, idOf(invoice.customer as string | { id: string } | null));
  if (!locked) return "no user for this customer";
  await tx.billingSubscription.updateMany({
    where: { userId: locked.userId },
    data: { paymentFailedAt: eventAt },
  });
  return "payment failure recorded; the plan stays while Stripe retries";
}

/** Handles one verified event; its effect on the plan reaches Redis before this returns. */
export async function handleStripeEvent(config: BillingConfig, event: Stripe.Event): Promise<EventOutcome> {
  const eventAt = new Date(event.created * 1000);
  const result = await db().$transaction(async (tx): Promise<EventOutcome> => {
    const fresh = await tx.stripeEvent.createMany({
      data: [{ id: event.id, type: event.type, created: eventAt }],
      skipDuplicates: true,
    });
    if (fresh.count === 0) return { outcome: "duplicate" };
    let change: Change | string;
    switch (event.type) {
      case "checkout.session.completed":
        change = await applyCheckout(tx, config, event.data.object, eventAt);
        break;
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        change = await applySubscription(
          tx,
          config,
          event.data.object as unknown as SubscriptionLike,
          eventAt,
          event.type === "customer.subscription.deleted",
        );
        break;
      case "invoice.payment_failed":
        change = await recordPaymentFailed(tx, event.data.object, eventAt);
        break;
      default:
        change = `event type ${event.type} is not used`;
    }
    if (change === "stale") return { outcome: "stale" };
    if (typeof change === "string") return { outcome: "ignored", why: change };
    return { outcome: "applied", ...change };
  });
  if (result.outcome === "applied") await publishUserKeys(result.userId);
  return result;
}
