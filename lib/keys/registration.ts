// The Studio's key flows: register (the key goes out by e-mail only), confirm, revoke. They
// return results; lib/api/ turns a failure into its HTTP answer.
import { db } from "../core/db";
import { env } from "../core/env";
import { log } from "../core/log";
import { createLimiter } from "../core/ratelimit";
import { fail, ok } from "../core/result";
import { MailError, sendKeyConfirmation, sendKeyRevoked } from "../mail/send";
import { activateKey, registerKey, revokeKey } from "./lifecycle";

export const registerLimiter = createLimiter("register", 5, { seconds: 3600 });
export const confirmLimiter = createLimiter("confirm", 20, { seconds: 600 });
export const revokeLimiter = createLimiter("revoke", 10, { seconds: 3600 });

type Owner = { id: string; email: string };

/** The token travels in the fragment: browsers never send it to a server or put it in a Referer. */
export const confirmUrl = (token: string) => `${env().APP_URL}/keys/confirm#token=${token}`;

/** Sends the confirmation e-mail inside the transaction: no e-mail, no key. */
export async function registerForUser(user: Owner, now: Date) {
  let result: Awaited<ReturnType<typeof registerKey>>;
  try {
    result = await registerKey(user.id, now, (k) =>
      sendKeyConfirmation(user.email, k.key, confirmUrl(k.token), k.expires),
    );
  } catch (err) {
    if (!(err instanceof MailError)) throw err;
    const message =
      "We could not send the confirmation e-mail, so no key was created; try again in a few minutes.";
    return fail("mail_unavailable", message, { retryAfterSeconds: 60 });
  }
  if (!result.ok && result.code === "registration_in_progress") {
    return fail(
      "registration_in_progress",
      "Another registration for your account is under way; use the key in the e-mail it sends, or try again in a minute.",
      { retryAfterSeconds: 60 },
    );
  }
  if (!result.ok) {
    return fail("key_exists", "You already have an active key; revoke it before registering a new one.");
  }
  const { id, hint } = result.record;
  return ok({ id, status: "inactive" as const, hint, email: user.email });
}

export async function confirmKey(token: string, now: Date) {
  const result = await activateKey(token, now);
  if (result.ok) return ok({ id: result.keyId, status: "active" as const });
  return result.code === "token_expired"
    ? fail("token_expired", "This link has expired; register again in the Studio to get a new key.")
    : fail(
        "invalid_token",
        "This link was already used or is not valid; register again in the Studio if you need a key.",
      );
}

/** Revokes and tells the owner; the e-mail is best effort, the revocation is not. */
export async function revokeAndNotify(keyId: string, now: Date) {
  const revoked = await revokeKey(keyId, now);
  const key = await db().apiKey.findUnique({
    where: { id: keyId },
    select: { hint: true, user: { select: { email: true } } },
  });
  if (key?.user.email) {
    sendKeyRevoked(key.user.email, key.hint, now).catch((err) =>
      log.warn("revocation e-mail failed", { error: String(err) }),
    );
  }
  return revoked;
}

export async function revokeLiveKeyOf(user: Owner, now: Date) {
  const live = await db().apiKey.findFirst({
    where: { userId: user.id, status: { in: ["inactive", "active"] } },
    select: { id: true },
  });
  if (!live) return fail("not_found", "You have no key to revoke.");
  return ok(await revokeAndNotify(live.id, now));
}
