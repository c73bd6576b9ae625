// POST /api/saved-searches/rotate-secret — a new webhook secret, shown once.
import { jsonBody } from "@/lib/api/body";
import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { savedSearchLimiter } from "@/lib/saved-searches/limiters";
import { SavedSearchIdSchema } from "@/lib/saved-searches/schemas";
import { rotateSecret } from "@/lib/saved-searches/store";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ req, user, now }) => ({
    body: orThrow(await rotateSecret(user.id, (await jsonBody(req, SavedSearchIdSchema)).id, now)),
  }),
  { signedIn: true, limiter: savedSearchLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
