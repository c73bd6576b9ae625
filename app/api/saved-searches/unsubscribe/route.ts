// POST /api/saved-searches/unsubscribe — a digest's unsubscribe link, confirmed on its page.
import { z } from "zod";
import { jsonBody } from "@/lib/api/body";
import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { unsubscribeLimiter } from "@/lib/saved-searches/limiters";
import { unsubscribe } from "@/lib/saved-searches/unsubscribe";

export const dynamic = "force-dynamic";

const UnsubscribeSchema = z.object({ token: z.string().max(100, "is not an unsubscribe token") }).strict();

const post = withSameOriginPosts(
  async ({ req }) => ({ body: orThrow(await unsubscribe((await jsonBody(req, UnsubscribeSchema)).token)) }),
  { signedIn: false, limiter: unsubscribeLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
