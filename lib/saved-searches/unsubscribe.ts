// The digest's unsubscribe link works without signing in: its token is an HMAC of the saved
// search's id under the server's secret, good for turning that one digest off and nothing else.
import { createHmac, timingSafeEqual } from "node:crypto";
import { db } from "../core/db";
import { env } from "../core/env";
import { fail, ok, type Result } from "../core/result";

const mac = (id: string) =>
  createHmac("sha256", env().KEY_HASH_SECRET).update(`unsubscribe:${id}`).digest("base64url").slice(0, 32);

/** `<saved search id>.<mac>`: what the link carries. */
export const unsubscribeToken = (savedSearchId: string) => `${savedSearchId}.${mac(savedSearchId)}`;

export function unsubscribeUrl(savedSearchId: string): string {
  return `${env().APP_URL}/unsubscribe/${unsubscribeToken(savedSearchId)}`;
}

function savedSearchOf(token: string): string | null {
  const m = /^(ss_[A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m?.[1] || !m[2]) return null;
  const want = Buffer.from(mac(m[1]));
  const got = Buffer.from(m[2]);
  return want.length === got.length && timingSafeEqual(want, got) ? m[1] : null;
}

/** What the unsubscribe page shows before the click: the search's name, if the token is good. */
export async function unsubscribeTarget(
  token: string,
): Promise<{ name: string; subscribed: boolean } | null> {
  const id = savedSearchOf(token);
  if (!id) return null;
  const found = await db().savedSearch.findUnique({
    where: { id },
    select: { name: true, emailDigest: true },
  });
  return found ? { name: found.name, subscribed: found.emailDigest } : null;
}

export async function unsubscribe(token: string): Promise<Result<{ unsubscribed: true }, "invalid_token">> {
  const id = savedSearchOf(token);
  const done = id ? await db().savedSearch.updateMany({ where: { id }, data: { emailDigest: false } }) : null;
  return done?.count
    ? ok({ unsubscribed: true })
    : fail("invalid_token", "This unsubscribe link is not valid, or its saved search was deleted.");
}
