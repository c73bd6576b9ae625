// POST /api/billing/webhook — Stripe's events: plan purchases, changes, cancellations, failed payments.

import { apiMethods } from "@/lib/api/methods";
import { withStripeWebhook } from "@/lib/api/with-stripe-webhook";
import { handleStripeEvent } from "@/lib/billing/webhook";

export const dynamic = "force-dynamic";

const post = withStripeWebhook(async ({ config, event }) => ({
  body: { received: true, ...(await handleStripeEvent(config, event)) },
}));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
