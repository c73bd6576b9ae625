// Self-serve plans through Stripe, at its boundary: webhook events signed with the stripe
// library's own test-header helper and sent to the real route; the outgoing Checkout and Portal
// calls answered by a local HTTP server that records what Stripe would receive. The plan a
// webhook sets must hold from the very next request, on whichever quota backend the file runs.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeStandIn, startStripeStandIn } from "@/harness/support/stripe-stand-in";
import { applyDuePlanChanges } from "@/lib/billing/due-changes";
import { db } from "@/lib/core/db";
import { createTestKey, sessionFor } from "./api-keys";
import { getJson, request, sitePost } from "./http";

export const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString("hex")}`;
const PRICES = { builder: "price_builder_test", pro: "price_pro_test" };

/** Run first thing in a test file: Stripe configured, pointed at the stand-in. */
export function billingSpec() {
  let standIn: StripeStandIn;
  const signer = new Stripe("sk_test_signer");
  let created = Math.floor(Date.now() / 1000) - 600;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_localstandin",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_BUILDER: PRICES.builder,
      STRIPE_PRICE_PRO: PRICES.pro,
      STRIPE_API_URL: standIn.url,
    });
  });
  afterAll(() => standIn?.stop());

  /** Sends an event as Stripe would, signed; `createdAt` in seconds (default: later than the last). */
  async function deliver(type: string, object: unknown, opts: { id?: string; createdAt?: number } = {}) {
    created += 10;
    const payload = JSON.stringify({
      id: opts.id ?? `evt_${randomBytes(8).toString("hex")}`,
      object: "event",
      type,
      created: opts.createdAt ?? created,
      api_version: "2025-10-29.clover",
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await request("/api/billing/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
      key: null,
    });
    return { status: res.status, body: await res.json() };
  }

  const subscription = (
    user: { userId: string },
    tier: "builder" | "pro",
    more: { status?: string; cancel?: boolean; periodEnd?: Date } = {},
  ) => ({
    id: `sub_${user.userId}`,
    object: "subscription",
    customer: `cus_${user.userId}`,
    status: more.status ?? "active",
    cancel_at_period_end: more.cancel ?? false,
    metadata: { user_id: user.userId, tier },
    items: {
      object: "list",
      data: [
        {
          id: "si_1",
          price: { id: PRICES[tier], object: "price" },
          current_period_end: Math.floor(
            (more.periodEnd ?? new Date(Date.now() + 30 * 86_400_000)).getTime() / 1000,
          ),
        },
      ],
    },
  });

  const checkoutCompleted = (user: { userId: string }, tier: "builder" | "pro") => ({
    id: "cs_test_1",
    object: "checkout.session",
    mode: "subscription",
    client_reference_id: user.userId,
    customer: `cus_${user.userId}`,
    subscription: `sub_${user.userId}`,
    metadata: { user_id: user.userId, tier },
  });

  /** The daily limit the very next request is admitted under. */
  async function limitNow(key: string): Promise<number> {
    const { res, status } = await getJson("/api/keys/usage", {}, key);
    expect(status).toBe(200);
    return Number(res.headers.get("x-ratelimit-limit"));
  }

  const tierOf = async (userId: string) =>
    (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { tier: true } })).tier;

  describe("the Stripe webhook", () => {
    it("refuses an event whose signature does not verify, and changes nothing", async () => {
      const user = await createTestKey({ tier: "free" });
      const payload = JSON.stringify({
        id: "evt_forged",
        type: "checkout.session.completed",
        data: { object: checkoutCompleted(user, "pro") },
      });
      const res = await request("/api/billing/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
        body: payload,
        key: null,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("invalid_signature");
      expect(await tierOf(user.userId)).toBe("free");
      expect(await db().stripeEvent.findUnique({ where: { id: "evt_forged" } })).toBeNull();
    });

    it("upgrades on a completed checkout, from the very next request, and once however often it arrives", async () => {
      const user = await createTestKey({ tier: "free" });
      expect(await limitNow(user.key)).toBe(50);
      const event = { id: `evt_checkout_${user.userId}` };
      const first = await deliver("checkout.session.completed", checkoutCompleted(user, "builder"), event);
      expect(first).toMatchObject({ status: 200, body: { outcome: "applied", tier: "builder" } });
      expect(await limitNow(user.key)).toBe(10_000);
      const again = await deliver("checkout.session.completed", checkoutCompleted(user, "builder"), event);
      expect(again.body).toMatchObject({ outcome: "duplicate" });
      expect(await tierOf(user.userId)).toBe("builder");
    });

    it("applies an upgrade at once and ignores an older event that arrives after it", async () => {
      const user = await createTestKey({ tier: "free" });
      await deliver("checkout.session.completed", checkoutCompleted(user, "builder"));
      const newer = created + 100;
      const up = await deliver("customer.subscription.updated", subscription(user, "pro"), {
        createdAt: newer,
      });
      expect(up.body).toMatchObject({ outcome: "applied", tier: "pro" });
      const old = await deliver("customer.subscription.updated", subscription(user, "builder"), {
        createdAt: newer - 50,
      });
      expect(old.body).toMatchObject({ outcome: "stale" });
      expect(await limitNow(user.key)).toBe(50_000);
      created = newer + 10;
    });

    it("applies the newer of two events handled at once, even when the older one finishes last", async () => {
      const user = await createTestKey({ tier: "free" });
      await deliver("checkout.session.completed", checkoutCompleted(user, "builder"));
      const newer = created + 100;
      // Another transaction holds the user's row: both events start and wait on it, the newer first.
      const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await locker.connect();
      try {
        await locker.query("BEGIN");
        await locker.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [user.userId]);
        const first = deliver("customer.subscription.updated", subscription(user, "pro"), {
          createdAt: newer,
        });
        await sleep(300);
        const second = deliver(
          "customer.subscription.updated",
          subscription(user, "builder", { status: "unpaid" }),
          {
            createdAt: newer - 50,
          },
        );
        await sleep(300);
        await locker.query("COMMIT");
        expect((await first).body).toMatchObject({ outcome: "applied", tier: "pro" });
        expect((await second).body).toMatchObject({ outcome: "stale" });
      } finally {
        await locker.end();
      }
      expect(await tierOf(user.userId)).toBe("pro");
      created = newer + 10;
    });

    it("keeps a downgrade, or a cancellation, for the end of the paid period", async () => {
      const user = await createTestKey({ tier: "free" });
      const periodEnd = new Date(Date.now() + 20 * 86_400_000);
      await deliver("checkout.session.completed", checkoutCompleted(user, "pro"));
      await deliver("customer.subscription.updated", subscription(user, "pro", { periodEnd }));
      const down = await deliver(
        "customer.subscription.updated",
        subscription(user, "builder", { periodEnd }),
      );
      expect(down.body).toMatchObject({ outcome: "applied", tier: "pro", pending: { tier: "builder" } });
      expect(new Date(down.body.pending.at).getTime()).toBe(Math.floor(periodEnd.getTime() / 1000) * 1000);
      expect(await applyDuePlanChanges(new Date())).toBe(0);
      expect(await limitNow(user.key)).toBe(50_000); // still paid for
      expect(await applyDuePlanChanges(new Date(periodEnd.getTime() + 1_000))).toBeGreaterThanOrEqual(1);
      expect(await limitNow(user.key)).toBe(10_000);

      // Cancelled in the portal: the plan runs to the end of the period, then free.
      const nextEnd = new Date(periodEnd.getTime() + 30 * 86_400_000);
      const cancel = await deliver(
        "customer.subscription.updated",
        subscription(user, "builder", { cancel: true, periodEnd: nextEnd }),
      );
      expect(cancel.body).toMatchObject({ tier: "builder", pending: { tier: "free" } });
      await applyDuePlanChanges(new Date(nextEnd.getTime() - 60_000));
      expect(await limitNow(user.key)).toBe(10_000);
      await applyDuePlanChanges(new Date(nextEnd.getTime() + 1_000));
      expect(await limitNow(user.key)).toBe(50);
    });

    it("keeps the plan through a failed payment while Stripe retries, then falls back to free", async () => {
      const user = await createTestKey({ tier: "free" });
      await deliver("checkout.session.completed", checkoutCompleted(user, "builder"));
      const failed = await deliver("invoice.payment_failed", {
        id: "in_1",
        object: "invoice",
        customer: `cus_${user.userId}`,
      });
      expect(failed.body).toMatchObject({ outcome: "ignored" });
      await deliver("customer.subscription.updated", subscription(user, "builder", { status: "past_due" }));
      expect(await limitNow(user.key)).toBe(10_000);
      expect(
        (await db().billingSubscription.findUnique({ where: { userId: user.userId } }))?.paymentFailedAt,
      ).not.toBeNull();
      await deliver("customer.subscription.updated", subscription(user, "builder", { status: "unpaid" }));
      expect(await limitNow(user.key)).toBe(50);
    });

    it("falls back to free at once when the subscription is deleted", async () => {
      const user = await createTestKey({ tier: "free" });
      await deliver("checkout.session.completed", checkoutCompleted(user, "pro"));
      const gone = await deliver(
        "customer.subscription.deleted",
        subscription(user, "pro", { status: "canceled" }),
      );
      expect(gone.body).toMatchObject({ outcome: "applied", tier: "free" });
      expect(await limitNow(user.key)).toBe(50);
    });
  });

  describe("checkout and the billing portal", () => {
    it("start a Checkout Session for the plan with what Stripe needs, and answer its URL", async () => {
      const user = await createTestKey({ tier: "free" });
      const session = await sessionFor(user.userId);
      const res = await sitePost("/api/billing/checkout", { tier: "pro" }, { session });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ url: `${standIn.url}/c/pay/cs_test_1` });
      const call = standIn.seen.at(-1)!;
      expect(call).toMatchObject({
        method: "POST",
        path: "/v1/checkout/sessions",
        auth: "Bearer sk_test_localstandin",
      });
      expect(call.form).toMatchObject({
        mode: "subscription",
        "line_items[0][price]": PRICES.pro,
        client_reference_id: user.userId,
        customer_email: user.email,
        "metadata[tier]": "pro",
      });
      expect(call.form.success_url).toMatch(/\/studio\?billing=success$/);
      // Nothing changes until Stripe says it is paid.
      expect(await tierOf(user.userId)).toBe("free");
    });

    it("open the portal for a customer, and refuse one who has none", async () => {
      const user = await createTestKey({ tier: "free" });
      const session = await sessionFor(user.userId);
      const none = await sitePost("/api/billing/portal", {}, { session });
      expect(none.status).toBe(404);
      expect((await none.json()).error.code).toBe("not_found");
      await deliver("checkout.session.completed", checkoutCompleted(user, "builder"));
      const res = await sitePost("/api/billing/portal", {}, { session });
      expect(await res.json()).toEqual({ url: `${standIn.url}/p/session/bps_1` });
      expect(standIn.seen.at(-1)?.form.customer).toBe(`cus_${user.userId}`);
    });

    it("answer 503 when Stripe is away, and 400 for a plan that is not sold", async () => {
      const user = await createTestKey({ tier: "free" });
      const session = await sessionFor(user.userId);
      const bad = await sitePost("/api/billing/checkout", { tier: "gold" }, { session });
      expect(bad.status).toBe(400);
      standIn.setAway(true);
      try {
        const res = await sitePost("/api/billing/checkout", { tier: "builder" }, { session });
        expect(res.status).toBe(503);
        expect((await res.json()).error.code).toBe("payment_provider_unavailable");
        expect(res.headers.get("retry-after")).toBe("30");
      } finally {
        standIn.setAway(false);
      }
    }, 20_000);
  });
}
