// POST /api/keys/register — signed-in users get an inactive key by e-mail; 202, never the key.

import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { registerForUser, registerLimiter } from "@/lib/keys/registration";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ user, now }) => ({ status: 202, body: orThrow(await registerForUser(user, now)) }),
  { signedIn: true, limiter: registerLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
