// Starting a plan purchase (Stripe Checkout) and managing one (the Billing Portal): both answer
// a URL on Stripe's site that the Studio sends the user to.
import { z } from "zod";
import { db } from "../core/db";
import { env } from "../core/env";
import { createLimiter } from "../core/ratelimit";
import { fail, ok, type Result } from "../core/result";
import { type BillingConfig, billingConfig } from "./config";
import { stripeClient } from "./stripe";

export const CheckoutBodySchema = z
  .object({ tier: z.enum(["builder", "pro"], { error: "must be builder or pro" }) })
  .strict()
  .describe("The plan to buy");
export const BillingUrlSchema = z.object({
  url: z.url().max(2048).describe("Where to send the user: a page on Stripe's site"),
});

/** Ten checkouts or portal visits an hour per user: a person deciding, not a script. */
export const billingLimiter = createLimiter("billing", 10, { seconds: 3600 });

type User = { id: string; email: string; tier: string };
type Refusal = "billing_unavailable" | "invalid_parameter" | "not_found";

function configured(): Result<BillingConfig, Refusal> {
  const config = billingConfig();
  return config
    ? ok(config)
    : fail(
        "billing_unavailable",
        "Plans are not sold on this server; the operator changes plans (npm run keys -- tier).",
      );
}

/** The user's Stripe customer, once they have started a checkout. */
const customerOf = async (userId: string) =>
  (await db().user.findUnique({ where: { id: userId }, select: { stripeCustomerId: true } }))
    ?.stripeCustomerId;

/** A Checkout Session for a paid plan; the webhook changes the tier once it is paid. */
export async function startCheckout(
  user: User,
  tier: "builder" | "pro",
): Promise<Result<{ url: string }, Refusal>> {
  const config = configured();
  if (!config.ok) return config;
  if (user.tier !== "free")
    return fail("invalid_parameter", "tier: you have a paid plan; change it in the billing portal.", {
      param: "tier",
    });
  const customer = await customerOf(user.id);
  const studio = `${env().APP_URL}/studio`;
  const session = await stripeClient(config.value).checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: config.value.prices[tier], quantity: 1 }],
    client_reference_id: user.id,
    ...(customer ? { customer } : { customer_email: user.email }),
    metadata: { user_id: user.id, tier },
    subscription_data: { metadata: { user_id: user.id, tier } },
    success_url: `${studio}?billing=success`,
    cancel_url: `${studio}?billing=cancelled`,
  });
  if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
  return ok({ url: session.url });
}

/** A Billing Portal session: change plan, update the card, cancel. */
export async function openPortal(user: User): Promise<Result<{ url: string }, Refusal>> {
  const config = configured();
  if (!config.ok) return config;
  const customer = await customerOf(user.id);
  if (!customer) return fail("not_found", "You have no billing account yet: buy a plan first.");
  const session = await stripeClient(config.value).billingPortal.sessions.create({
    customer,
    return_url: `${env().APP_URL}/studio`,
  });
  return ok({ url: session.url });
}
