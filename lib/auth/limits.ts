// How often sign-in links may be requested: per client address and per inbox (3 per 15
// minutes). The route checks both before next-auth runs, so a refusal says how long to wait; the
// e-mail provider counts against the inbox's limit when it sends. Only plain mailboxes get this far
// (lib/mail/mailbox.ts), and that limit is keyed on the inbox they deliver to: a+1@x.com,
// A+2@X.COM and a@x.com count as one.

import { createLimiter, type LimitResult } from "../core/ratelimit";
import { type Failure, fail } from "../core/result";
import { inboxOf, type Mailbox, parseMailbox } from "../mail/mailbox";
import { clientIp } from "../net/client-ip";

const WINDOW_MINUTES = 15;
export const LINKS_PER_ADDRESS = 3;

let limiters:
  | { byIp: ReturnType<typeof createLimiter>; byEmail: ReturnType<typeof createLimiter> }
  | undefined;

function signInLimiters() {
  limiters ??= {
    byIp: createLimiter("signin-ip", 10, { seconds: WINDOW_MINUTES * 60 }),
    byEmail: createLimiter("signin-email", LINKS_PER_ADDRESS, { seconds: WINDOW_MINUTES * 60 }),
  };
  return limiters;
}

const secondsUntil = (r: LimitResult) => Math.max(1, Math.ceil((r.reset.getTime() - Date.now()) / 1000));

/** "about 12 minutes", "about a minute", "40 seconds": how long a refused caller waits. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "about a minute" : `about ${minutes} minutes`;
}

/** null when a magic-link request from this client may go ahead; otherwise the refusing limit. */
export async function refusedSignInFrom(req: Request): Promise<LimitResult | null> {
  const r = await signInLimiters().byIp(clientIp(req));
  return r.ok ? null : r;
}

/**
 * Whether a sign-in e-mail to `email` may be sent to this client now: counts against the client's
 * limit, and only looks at the address's (the provider counts that one when it sends).
 */
export async function signInRefusal(
  req: Request,
  email: string | null,
): Promise<Failure<"rate_limited" | "invalid_parameter"> | null> {
  const byIp = await refusedSignInFrom(req);
  if (byIp) {
    const wait = secondsUntil(byIp);
    return fail(
      "rate_limited",
      `Too many sign-in e-mails were requested from your network. Wait ${waitText(wait)} and try again.`,
      { retryAfterSeconds: wait },
    );
  }
  if (email === null) return fail("invalid_parameter", "Enter your e-mail address.", { param: "email" });
  const mailbox = parseMailbox(email);
  if (!mailbox.ok) return mailbox;
  const byEmail = await signInLimiters().byEmail.peek(inboxOf(mailbox.value));
  if (byEmail.ok) return null;
  const wait = secondsUntil(byEmail);
  return fail(
    "rate_limited",
    `We already sent ${LINKS_PER_ADDRESS} sign-in e-mails to this address in the last ${WINDOW_MINUTES} minutes. Use the newest one, or wait ${waitText(wait)} before asking for another.`,
    { retryAfterSeconds: wait },
  );
}

/** An expected refusal inside next-auth: logged as one line, never with a stack trace. */
export class AddressLimited extends Error {
  override name = "AddressLimited";
}

/** Called by the e-mail provider with the mailbox it signs in; throws when over the limit. */
export async function spendSignInLimit(mailbox: Mailbox): Promise<void> {
  const r = await signInLimiters().byEmail(inboxOf(mailbox));
  if (!r.ok) throw new AddressLimited("too many sign-in e-mails for this address");
}
