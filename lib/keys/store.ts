// Keys in Postgres: the system of record for status and tier.
import { db, hotQuery } from "../core/db";
import { env } from "../core/env";
import type { Tier } from "../core/plans";
import { Prisma } from "../generated/prisma/client";
import { generateKey, hashSecret, keyHint, newKeyId } from "./format";

export type StoredKey = {
  id: string;
  userId: string;
  hash: string;
  status: "inactive" | "active" | "revoked";
  tier: Tier;
  version: number;
};

export const hashOf = (secret: string) => hashSecret(secret, env().KEY_HASH_SECRET);

/** On the request path (a key's first use in a process, or Redis away): a prepared statement. */
export async function loadKeyByHash(hash: string): Promise<StoredKey | null> {
  const [k] = await hotQuery<StoredKey>(Prisma.sql`
    SELECT k.id, k.user_id AS "userId", k.hash, k.status::text AS status, u.tier::text AS tier, k.version
    FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.hash = ${hash}`);
  return k ?? null;
}

type Tx = Pick<ReturnType<typeof db>, "apiKey">;

/** Creates a key for a user; the plaintext is returned once and never stored. */
export async function insertKey(
  userId: string,
  status: "inactive" | "active",
  extra: { confirmTokenHash?: string; confirmExpiresAt?: Date } = {},
  tx: Tx = db(),
) {
  const key = generateKey();
  const record = await tx.apiKey.create({
    data: {
      id: newKeyId(),
      userId,
      hash: hashOf(key),
      hint: keyHint(key),
      status,
      confirmedAt: status === "active" ? new Date() : null,
      ...extra,
    },
  });
  return { key, record };
}

export async function upsertUserByEmail(email: string): Promise<{ id: string; tier: Tier; email: string }> {
  const user = await db().user.upsert({ where: { email }, update: {}, create: { email } });
  return { id: user.id, tier: user.tier, email: user.email ?? email };
}
