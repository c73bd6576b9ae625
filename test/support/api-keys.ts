// API keys for tests, made through the same code the operator CLI uses.
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { db } from "@/lib/core/db";
import type { Tier } from "@/lib/core/plans";
import { setUserTier } from "@/lib/keys/lifecycle";
import { insertKey, upsertUserByEmail } from "@/lib/keys/store";

export async function createTestKey(
  opts: { tier?: Tier; status?: "active" | "inactive"; email?: string } = {},
) {
  const email = opts.email ?? `t-${randomBytes(6).toString("hex")}@example.com`;
  const user = await upsertUserByEmail(email);
  if (opts.tier && opts.tier !== user.tier) await setUserTier(user.id, opts.tier);
  const { key, record } = await insertKey(user.id, opts.status ?? "active");
  return { key, id: record.id, userId: user.id, email };
}

let shared: Promise<string> | undefined;

/** One pro-tier key per test file, for tests that are not about keys or quotas. */
export function sharedKey(): Promise<string> {
  shared ??= createTestKey({ tier: "pro" }).then((k) => k.key);
  return shared;
}

/** A signed-in session for the user (an hour), as the Studio's POSTs send it: its token. */
export async function sessionFor(userId: string): Promise<string> {
  const token = randomBytes(32).toString("hex");
  await db().session.create({
    data: { sessionToken: token, userId, expires: new Date(Date.now() + 3_600_000) },
  });
  return token;
}

/** The units key_usage charges a key (what is still buffered in this process is not yet there). */
export async function chargedUnits(client: Pick<pg.ClientBase, "query">, keyId: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    "SELECT coalesce(sum(count), 0)::int AS n FROM key_usage WHERE key_id = $1",
    [keyId],
  );
  return rows[0]?.n ?? 0;
}
