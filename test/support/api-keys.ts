// API keys for tests, made through the same code the operator CLI uses.
import { randomBytes } from "node:crypto";
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
