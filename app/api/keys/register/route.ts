// POST /api/keys/register — signed-in users get an inactive key by e-mail; 202, never the key.
import { withBrowser } from "@/lib/api/with-browser";
import { registerForUser, registerLimiter } from "@/lib/keys/registration";

export const dynamic = "force-dynamic";

export const POST = withBrowser(
  async ({ user, now }) => ({ status: 202, body: await registerForUser(user, now) }),
  { signedIn: true, limiter: registerLimiter },
);
