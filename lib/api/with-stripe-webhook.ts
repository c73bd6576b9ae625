// The wrapper of POST /api/billing/webhook: Stripe calls it, not a browser or a key holder. The
// body is read raw (the signature covers its exact bytes) and verified with Stripe's own
// library before anything else; an event that does not verify is a 400 and changes nothing.
import type Stripe from "stripe";
import { type BillingConfig, billingConfig } from "../billing/config";
import { stripeClient } from "../billing/stripe";
import { readCappedText, WEBHOOK_BODY_LIMIT_BYTES } from "./body";
import { ApiError } from "./errors";
import { type BaseContext, handle, type RouteContext } from "./handle";
import type { ApiResult } from "./respond";

export function withStripeWebhook(
  handler: (ctx: BaseContext & { config: BillingConfig; event: Stripe.Event }) => Promise<ApiResult>,
) {
  return (req: Request, route?: RouteContext) =>
    handle(req, route, async (base) => {
      const config = billingConfig();
      if (!config) throw new ApiError("billing_unavailable", "Plans are not sold on this server.");
      const body = await readCappedText(req, WEBHOOK_BODY_LIMIT_BYTES);
      const signature = req.headers.get("stripe-signature") ?? "";
      let event: Stripe.Event;
      try {
        event = stripeClient(config).webhooks.constructEvent(body, signature, config.webhookSecret);
      } catch {
        throw new ApiError("invalid_signature", "The Stripe-Signature header does not verify this body.");
      }
      return handler({ ...base, config, event });
    });
}
