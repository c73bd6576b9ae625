// How often sign-in links may be requested: per client address and per target address.
import { createLimiter, type LimitResult } from "../ratelimit";
import { clientIp } from "../site/client-ip";

let limiters: { byIp: ReturnType<typeof createLimiter>; byEmail: ReturnType<typeof createLimiter> } | undefined;

function signInLimiters() {
  limiters ??= {
    byIp: createLimiter("signin-ip", 10, 15 * 60),
    byEmail: createLimiter("signin-email", 3, 15 * 60),
  };
  return limiters;
}

/** null when a magic-link request may go ahead; otherwise the limit that refused it. */
export async function refusedSignIn(req: Request): Promise<LimitResult | null> {
  const form = await req.clone().formData().catch(() => null);
  const email = String(form?.get("email") ?? "").trim().toLowerCase();
  const { byIp, byEmail } = signInLimiters();
  const [ip, address] = await Promise.all([byIp(clientIp(req)), byEmail(email || "none")]);
  if (!ip.ok) return ip;
  return address.ok ? null : address;
}
