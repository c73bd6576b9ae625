// POST /api/keys/revoke — the Studio's revoke (the Studio never holds the key itself).
import { orThrow } from "@/lib/api/errors";
import { withBrowser } from "@/lib/api/with-browser";
import { revokeLimiter, revokeLiveKeyOf } from "@/lib/keys/registration";

export const dynamic = "force-dynamic";

export const POST = withBrowser(
  async ({ user, now }) => ({ body: orThrow(await revokeLiveKeyOf(user, now)) }),
  { signedIn: true, limiter: revokeLimiter },
);
