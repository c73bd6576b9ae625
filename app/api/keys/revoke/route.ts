// POST /api/keys/revoke — the Studio's revoke (the Studio never holds the key itself).

import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { revokeLimiter, revokeLiveKeyOf } from "@/lib/keys/registration";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ user, now }) => ({ body: orThrow(await revokeLiveKeyOf(user, now)) }),
  {
    signedIn: true,
    limiter: revokeLimiter,
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
