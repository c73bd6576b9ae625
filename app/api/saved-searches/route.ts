// POST /api/saved-searches — the Studio saves a search and its deliveries.
import { jsonBody } from "@/lib/api/body";
import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { savedSearchLimiter } from "@/lib/saved-searches/limiters";
import { SavedSearchCreateSchema } from "@/lib/saved-searches/schemas";
import { createSavedSearch } from "@/lib/saved-searches/store";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ req, user }) => ({
    body: orThrow(await createSavedSearch(user, await jsonBody(req, SavedSearchCreateSchema))),
  }),
  { signedIn: true, limiter: savedSearchLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
