// POST /api/billing/checkout — the Studio's "Upgrade": a Stripe Checkout page for a paid plan.

import { jsonBody } from "@/lib/api/body";
import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { billingCall } from "@/lib/billing/calls";
import { billingLimiter, CheckoutBodySchema, startCheckout } from "@/lib/billing/checkout";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ req, user }) => {
    const { tier } = await jsonBody(req, CheckoutBodySchema);
    return { body: orThrow(await billingCall(() => startCheckout(user, tier))) };
  },
  { signedIn: true, limiter: billingLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
