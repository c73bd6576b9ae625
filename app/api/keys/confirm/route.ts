// POST /api/keys/confirm — activates the key a confirmation token belongs to (once).
import { orThrow } from "@/lib/api/errors";
import { jsonBody, withBrowser } from "@/lib/api/with-browser";
import { confirmKey, confirmLimiter } from "@/lib/keys/registration";
import { TokenBodySchema } from "@/lib/keys/schemas";

export const dynamic = "force-dynamic";

export const POST = withBrowser(
  async ({ req, now }) => ({
    body: orThrow(await confirmKey((await jsonBody(req, TokenBodySchema)).token, now)),
  }),
  { signedIn: false, limiter: confirmLimiter },
);
