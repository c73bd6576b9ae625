// POST /api/keys/confirm/check — what a confirmation link would do, without using it.

import { jsonBody } from "@/lib/api/body";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";
import { inspectToken } from "@/lib/keys/lifecycle";
import { confirmLimiter } from "@/lib/keys/registration";
import { TokenBodySchema } from "@/lib/keys/schemas";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ req, now }) => ({ body: await inspectToken((await jsonBody(req, TokenBodySchema)).token, now) }),
  { signedIn: false, limiter: confirmLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
