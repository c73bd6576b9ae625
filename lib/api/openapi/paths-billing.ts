// The plan routes: the Studio's two POSTs that open a page on Stripe's site, and Stripe's webhook.
import { BillingUrlSchema, CheckoutBodySchema } from "../../billing/checkout";
import { type Json, jsonContent, jsonSchema } from "./json-schema";
import type { Samples } from "./paths-catalog";
import { errorResponse, response, SITE_UNAVAILABLE, siteErrors } from "./responses";

const SITE =
  "For the site's own pages, not for API clients: same-origin only, with a JSON body. Not metered; ten an hour per user (429 with Retry-After).";

const NOT_SOLD = errorResponse(
  "billing_unavailable: this server does not sell plans (Stripe is not configured); the operator changes plans.",
  ["billing_unavailable"],
  [],
);
const STRIPE_AWAY = errorResponse(
  "`payment_provider_unavailable`: Stripe could not be reached, nothing changed. `service_unavailable`: the database is away. Retry after Retry-After.",
  ["payment_provider_unavailable", "service_unavailable"],
  ["Retry-After"],
);
const urlAnswer = (summary: string, url: string) => ({
  ...response("A page on Stripe's site to send the user to", []),
  content: jsonContent(jsonSchema(BillingUrlSchema), { url: { summary, value: { url } } }),
});

export function billingPaths(samples: Samples): Json {
  return {
    "/api/billing/checkout": {
      post: {
        operationId: "startCheckout",
        tags: ["Studio"],
        summary: "Buy a plan (Stripe Checkout)",
        description: `Starts a Stripe Checkout for a monthly subscription to a paid plan, for a signed-in user on the free plan, and answers its URL. Nothing changes until Stripe confirms the payment through the webhook; then the plan's limits apply from the next request.\n\n${SITE}`,
        security: [{ Session: [] }],
        requestBody: {
          required: true,
          content: jsonContent(jsonSchema(CheckoutBodySchema), {
            builder: { summary: "The Builder plan", value: { tier: "builder" } },
          }),
        },
        responses: {
          200: urlAnswer("Checkout", "https://checkout.stripe.com/c/pay/cs_test_a1B2c3"),
          400: errorResponse(
            "invalid_parameter: not builder or pro, or you already pay for a plan (change it in the portal).",
            ["checkout_body"],
            [],
          ),
          401: errorResponse("not_signed_in: no valid session cookie.", ["not_signed_in"], []),
          404: NOT_SOLD,
          ...siteErrors(),
          503: STRIPE_AWAY,
        },
        "x-codeSamples": samples({
          method: "POST",
          path: "/api/billing/checkout",
          auth: "session",
          body: { tier: "builder" },
        }),
      },
    },
    "/api/billing/portal": {
      post: {
        operationId: "openBillingPortal",
        tags: ["Studio"],
        summary: "Manage billing (Stripe's portal)",
        description: `Opens Stripe's Billing Portal for the signed-in user: card, invoices, plan change, cancellation. A cheaper plan or a cancellation takes effect at the end of the period paid for.\n\n${SITE}`,
        security: [{ Session: [] }],
        requestBody: {
          required: true,
          description: "An empty JSON object: what makes the route same-origin only.",
          content: jsonContent({ type: "object" }, { empty: { summary: "Empty object", value: {} } }),
        },
        responses: {
          200: urlAnswer("Billing Portal", "https://billing.stripe.com/p/session/test_YWNjdF8x"),
          401: errorResponse("not_signed_in: no valid session cookie.", ["not_signed_in"], []),
          404: errorResponse(
            "`not_found`: you have not bought a plan yet. `billing_unavailable`: this server does not sell plans.",
            ["no_customer", "billing_unavailable"],
            [],
          ),
          ...siteErrors(),
          503: STRIPE_AWAY,
        },
        "x-codeSamples": samples({ method: "POST", path: "/api/billing/portal", auth: "session", body: {} }),
      },
    },
    "/api/billing/webhook": {
      post: {
        operationId: "stripeWebhook",
        tags: ["Studio"],
        summary: "Stripe's events",
        description:
          "Called by Stripe, not by clients, and not metered: `checkout.session.completed`, `customer.subscription.created`/`updated`/`deleted` and `invoice.payment_failed` change the user's plan (an upgrade at once; a downgrade or a cancellation at the end of the paid period; a failed payment keeps the plan while Stripe retries). The body must verify against the `Stripe-Signature` header. Each event is applied once, and one older than the newest applied to the user is ignored.",
        security: [],
        requestBody: {
          required: true,
          description: "A Stripe event, exactly as Stripe sent it (the signature covers its bytes).",
          content: jsonContent(
            { type: "object", maxProperties: 20 },
            {
              event: {
                summary: "A completed checkout",
                value: {
                  id: "evt_1",
                  object: "event",
                  type: "checkout.session.completed",
                  created: 1795650000,
                  data: {
                    object: {
                      id: "cs_test_a1B2c3",
                      client_reference_id: "cm3user",
                      metadata: { tier: "builder" },
                    },
                  },
                },
              },
            },
          ),
        },
        responses: {
          200: {
            ...response("Received: what the event did to the plan", []),
            content: jsonContent(
              { type: "object", maxProperties: 6 },
              {
                applied: {
                  summary: "Applied",
                  value: { received: true, outcome: "applied", userId: "cm3user", tier: "builder" },
                },
              },
            ),
          },
          400: errorResponse(
            "invalid_signature: the Stripe-Signature header does not verify this body.",
            ["invalid_signature"],
            [],
          ),
          404: NOT_SOLD,
          405: siteErrors()[405],
          413: errorResponse(
            "payload_too_large: the body is over 256 KB (Stripe's events are far smaller).",
            ["payload_too_large"],
            [],
          ),
          431: siteErrors()[431],
          500: siteErrors()[500],
          503: SITE_UNAVAILABLE,
        },
        "x-codeSamples": samples({
          method: "POST",
          path: "/api/billing/webhook",
          auth: "none",
          body: { id: "evt_1", type: "checkout.session.completed" },
        }),
      },
    },
  };
}
