// The Studio's key flows: register (the key goes out by e-mail only), confirm, revoke.
import { z } from "zod";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { env } from "../env";
import { log } from "../log";
import { MailError, sendKeyConfirmation, sendKeyRevoked } from "../mail/send";
import { createLimiter } from "../ratelimit";
import { registerKey, revokeKey } from "./lifecycle";

export const registerLimiter = createLimiter("register", 5, 3600);
export const confirmLimiter = createLimiter("confirm", 20, 600);
export const revokeLimiter = createLimiter("revoke", 10, 3600);

export const TokenBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "is not a confirmation token"),
});

/** The token travels in the fragment: browsers never send it to a server or put it in a Referer. */
export const confirmUrl = (token: string) => `${env().APP_URL}/keys/confirm#token=${token}`;

/** Sends the confirmation e-mail inside the transaction: no e-mail, no key. */
export async function registerForUser(user: SessionUser, now: Date) {
  let result: Awaited<ReturnType<typeof registerKey>>;
  try {
    result = await registerKey(user.id, now, (k) =>
      sendKeyConfirmation(user.email, k.key, confirmUrl(k.token), k.expires),
    );
  } catch (err) {
    if (err instanceof MailError)
      throw new ApiError(
        "mail_unavailable",
        "We could not send the confirmation e-mail, so no key was created; try again in a few minutes.",
        { headers: { "Retry-After": "60" } },
      );
    throw err;
  }
  if (!result.ok)
    throw new ApiError(
      "key_exists",
      "You already have an active key; revoke it before registering a new one.",
    );
  return { id: result.record.id, status: "inactive" as const, hint: result.record.hint, email: user.email };
}

/** Revokes and tells the owner; the e-mail is best effort, the revocation is not. */
export async function revokeAndNotify(keyId: string, now: Date) {
  const revoked = await revokeKey(keyId, now);
  const key = await db().apiKey.findUnique({
    where: { id: keyId },
    select: { hint: true, user: { select: { email: true } } },
  });
  if (key?.user.email)
    sendKeyRevoked(key.user.email, key.hint, now).catch((err) =>
      log.warn("revocation e-mail failed", { error: String(err) }),
    );
  return revoked;
}

export async function revokeLiveKeyOf(user: SessionUser, now: Date) {
  const live = await db().apiKey.findFirst({
    where: { userId: user.id, status: { in: ["inactive", "active"] } },
    select: { id: true },
  });
  if (!live) throw new ApiError("not_found", "You have no key to revoke.");
  return revokeAndNotify(live.id, now);
}
