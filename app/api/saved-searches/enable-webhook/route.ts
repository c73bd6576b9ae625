// POST /api/saved-searches/enable-webhook — a webhook turned off after failing, on again.
import { jsonBody } from "@/lib/api/body";
import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { savedSearchLimiter } from "@/lib/saved-searches/limiters";
import { SavedSearchIdSchema } from "@/lib/saved-searches/schemas";
import { enableWebhook } from "@/lib/saved-searches/store";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ req, user }) => ({
    body: orThrow(await enableWebhook(user.id, (await jsonBody(req, SavedSearchIdSchema)).id)),
  }),
  { signedIn: true, limiter: savedSearchLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
