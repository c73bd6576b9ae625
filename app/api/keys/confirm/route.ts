// POST /api/keys/confirm — activates the key a confirmation token belongs to (once).

import { jsonBody } from "@/lib/api/body";
import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { confirmKey, confirmLimiter } from "@/lib/keys/registration";
import { TokenBodySchema } from "@/lib/keys/schemas";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ req, now }) => ({
    body: orThrow(await confirmKey((await jsonBody(req, TokenBodySchema)).token, now)),
  }),
  { signedIn: false, limiter: confirmLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
