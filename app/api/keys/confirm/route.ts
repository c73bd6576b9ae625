// POST /api/keys/confirm — activates the key a confirmation token belongs to (once).
import { ApiError } from "@/lib/api/errors";
import { jsonBody, withBrowser } from "@/lib/api/with-browser";
import { activateKey } from "@/lib/keys/lifecycle";
import { confirmLimiter, TokenBodySchema } from "@/lib/keys/registration";

export const dynamic = "force-dynamic";

export const POST = withBrowser(
  async ({ req, now }) => {
    const { token } = await jsonBody(req, TokenBodySchema);
    const result = await activateKey(token, now);
    if (result.ok) return { body: { id: result.keyId, status: "active" } };
    if (result.code === "token_expired")
      throw new ApiError(
        "token_expired",
        "This link has expired; register again in the Studio to get a new key.",
      );
    throw new ApiError(
      "invalid_token",
      "This link was already used or is not valid; register again in the Studio if you need a key.",
    );
  },
  { signedIn: false, limiter: confirmLimiter },
);
