// Key states: inactive → active (confirmation) → revoked; one live key per user.
import { type DbTx, db } from "../core/db";
import { env } from "../core/env";
import type { Tier } from "../core/plans";
import { publishKeyState } from "./cached-state";
import { generateToken, sameHash } from "./format";
import { hashOf, insertKey, loadKeyByHash } from "./store";

async function publish(hash: string): Promise<void> {
  const k = await loadKeyByHash(hash);
  if (k) await publishKeyState(k);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "P2002";

type Delivery = (k: { key: string; token: string; expires: Date }) => Promise<void>;

/**
 * Registers a new inactive key with a confirmation token. An unconfirmed key is replaced;
 * an active one must be revoked first. `deliver` (the e-mail) runs inside the transaction:
 * if it throws, nothing is created or replaced.
 */
export async function registerKey(userId: string, now: Date, deliver?: Delivery) {
  const token = generateToken();
  const expires = new Date(now.getTime() + env().CONFIRM_TOKEN_TTL_HOURS * 3_600_000);
  let replaced: string | undefined;
  try {
    const created = await db().$transaction(
      async (tx) => {
        const live = await tx.apiKey.findFirst({ where: { userId, status: { in: ["inactive", "active"] } } });
        if (live?.status === "active") return null;
        if (live) {
          await tx.apiKey.update({
            where: { id: live.id },
            data: { status: "revoked", revokedAt: now, confirmTokenHash: null, version: { increment: 1 } },
          });
          replaced = live.hash;
        }
        const created = await insertKey(
          userId,
          "inactive",
          { confirmTokenHash: hashOf(token), confirmExpiresAt: expires },
          tx,
        );
        await deliver?.({ key: created.key, token, expires });
        return created;
      },
      { timeout: 30_000 },
    );
    if (!created) return { ok: false as const, code: "key_exists" as const };
    if (replaced) await publish(replaced);
    return { ok: true as const, key: created.key, token, record: created.record };
  } catch (err) {
    // Two registrations at once: the partial unique index lets only one through, and the
    // other is told so (not that a key is active: none may be yet).
    if (isUniqueViolation(err)) return { ok: false as const, code: "registration_in_progress" as const };
    throw err;
  }
}

/** Activates the key a confirmation token belongs to: once, and only before it expires. */
export async function activateKey(token: string, now: Date) {
  const hash = hashOf(token);
  const k = await db().apiKey.findUnique({ where: { confirmTokenHash: hash } });
  if (!k?.confirmTokenHash || !sameHash(k.confirmTokenHash, hash) || k.status !== "inactive") {
    return { ok: false as const, code: "invalid_token" as const };
  }
  if (!k.confirmExpiresAt || k.confirmExpiresAt <= now)
    return { ok: false as const, code: "token_expired" as const };
  const done = await db().apiKey.updateMany({
    where: { id: k.id, status: "inactive", confirmTokenHash: hash },
    // The token's hash is kept: a key leaves "inactive" only once, so "active" with this hash
    // means "this link was used", and a reused link can say so (inspectToken).
    data: { status: "active", confirmedAt: now, version: { increment: 1 } },
  });
  if (done.count !== 1) return { ok: false as const, code: "invalid_token" as const };
  await publish(k.hash);
  return { ok: true as const, keyId: k.id };
}

/**
 * What a confirmation link will do, without using it: for the page that asks first. A link that
 * already activated its key says so ("active"); revoking or replacing a key forgets its link.
 */
export async function inspectToken(token: string, now: Date) {
  const k = await db().apiKey.findUnique({
    where: { confirmTokenHash: hashOf(token) },
    select: { hint: true, status: true, confirmExpiresAt: true },
  });
  if (k?.status === "active") return { state: "active" as const, hint: k.hint };
  if (k?.status !== "inactive") return { state: "unknown" as const };
  if (!k.confirmExpiresAt || k.confirmExpiresAt <= now) return { state: "expired" as const, hint: k.hint };
  return { state: "ready" as const, hint: k.hint, expires_at: k.confirmExpiresAt.toISOString() };
}

/** Revokes a live key; the very next request with it is refused. */
export async function revokeKey(keyId: string, now: Date) {
  await db().apiKey.updateMany({
    where: { id: keyId, status: { in: ["inactive", "active"] } },
    data: { status: "revoked", revokedAt: now, confirmTokenHash: null, version: { increment: 1 } },
  });
  const k = await db().apiKey.findUniqueOrThrow({ where: { id: keyId } });
  await publish(k.hash);
  return { id: k.id, status: k.status, revoked_at: k.revokedAt?.toISOString() ?? null };
}

/** Changes a user's tier; every live key of theirs gets the new limits on its next request. */
export async function setUserTier(userId: string, tier: Tier): Promise<void> {
  await db().$transaction((tx) => setTierIn(tx, userId, tier));
  await publishUserKeys(userId);
}

/**
 * A tier change's writes inside the caller's transaction: the user's tier, and a new version
 * of each of their keys, so every cached copy of a key's state is known stale.
 */
export async function setTierIn(tx: DbTx, userId: string, tier: Tier): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { tier } });
  await tx.apiKey.updateMany({ where: { userId }, data: { version: { increment: 1 } } });
}

/** After a tier change committed: the user's live keys' state to Redis, for the very next request. */
export async function publishUserKeys(userId: string): Promise<void> {
  const keys = await db().apiKey.findMany({
    where: { userId, status: { in: ["inactive", "active"] } },
    select: { hash: true },
  });
  for (const k of keys) await publish(k.hash);
}
