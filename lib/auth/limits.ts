// How often sign-in links may be requested: per client address (before next-auth runs) and
// per target address (inside next-auth, on the address it has normalised, so "a@x.com,1" and
// friends share a@x.com's budget). The address budget is only spent when the IP check passed.

import { clientIp } from "../net/client-ip";
import { createLimiter, type LimitResult } from "../ratelimit";

let limiters:
  | { byIp: ReturnType<typeof createLimiter>; byEmail: ReturnType<typeof createLimiter> }
  | undefined;

function signInLimiters() {
  limiters ??= {
    byIp: createLimiter("signin-ip", 10, { seconds: 15 * 60 }),
    byEmail: createLimiter("signin-email", 3, { seconds: 15 * 60 }),
  };
  return limiters;
}

/** null when a magic-link request from this client may go ahead; otherwise the refusing limit. */
export async function refusedSignInFrom(req: Request): Promise<LimitResult | null> {
  const r = await signInLimiters().byIp(clientIp(req));
  return r.ok ? null : r;
}

export class AddressLimited extends Error {}

/** Called by the e-mail provider with next-auth's normalised address; throws when over budget. */
export async function spendAddressBudget(normalisedEmail: string): Promise<void> {
  const r = await signInLimiters().byEmail(normalisedEmail.toLowerCase());
  if (!r.ok) throw new AddressLimited("too many sign-in e-mails for this address");
}
