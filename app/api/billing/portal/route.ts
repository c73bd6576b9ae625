// POST /api/billing/portal — the Studio's "Manage billing": Stripe's Billing Portal.

import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { billingCall } from "@/lib/billing/calls";
import { billingLimiter, openPortal } from "@/lib/billing/checkout";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ user }) => ({ body: orThrow(await billingCall(() => openPortal(user))) }),
  { signedIn: true, limiter: billingLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
