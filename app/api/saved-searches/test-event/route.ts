// POST /api/saved-searches/test-event — sends a signed test event to the search's webhook now.
import { jsonBody } from "@/lib/api/body";
import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { sendTestEvent } from "@/lib/saved-searches/deliver";
import { testEventLimiter } from "@/lib/saved-searches/limiters";
import { SavedSearchIdSchema } from "@/lib/saved-searches/schemas";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ req, user }) => ({
    body: orThrow(await sendTestEvent(user.id, (await jsonBody(req, SavedSearchIdSchema)).id)),
  }),
  { signedIn: true, limiter: testEventLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
