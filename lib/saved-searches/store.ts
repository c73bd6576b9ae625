// Saving, listing, deleting a user's searches and rotating their webhook secrets. Every check a
// delivery will make is made here first, so a search that saves is one that can be delivered.
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import type { SessionUser } from "../auth/session";
import { liveSnapshot } from "../catalog/live";
import { canonicalSavedQuery } from "../catalog/queries";
import { db } from "../core/db";
import { fail, invalidParam, ok, type Result } from "../core/result";
import { isPublicAddress } from "../outbound/address-policy";
import { newEndpointSecret } from "../webhooks/signature";
import { ROTATION_OVERLAP_MS, SAVED_SEARCH_LIMITS } from "./limits";
import { allowPrivateTargets } from "./policy";
import type { SavedSearchView } from "./schemas";
import { seal } from "./secret-box";
import { toView } from "./views";

export const newId = (prefix: "ss" | "evt" | "body") => `${prefix}_${randomBytes(12).toString("base64url")}`;

type CreateInput = { name: string; query: string; email_digest: boolean; webhook_url?: string | null };

/** A webhook URL a delivery could use: http(s), no credentials, not a private literal address. */
export function checkWebhookUrl(raw: string): Result<string, "invalid_parameter"> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return invalidParam("webhook_url", "webhook_url: must be an absolute http(s) URL.");
  }
  const allowPrivate = allowPrivateTargets();
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:"))
    return invalidParam("webhook_url", "webhook_url: must be an https URL.");
  if (url.username || url.password)
    return invalidParam("webhook_url", "webhook_url: must not hold a user name or password.");
  if (url.toString().length > 2048)
    return invalidParam("webhook_url", "webhook_url: must be at most 2048 characters once URL-encoded.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (
    !allowPrivate &&
    (host === "localhost" || host.endsWith(".localhost") || (isIP(host) && !isPublicAddress(host)))
  )
    return invalidParam(
      "webhook_url",
      "webhook_url: must reach a public address, not a private, loopback or link-local one.",
    );
  return ok(url.toString());
}

export async function createSavedSearch(
  user: SessionUser,
  input: CreateInput,
): Promise<
  Result<{ saved_search: SavedSearchView; webhook_secret: string | null }, "invalid_parameter" | "plan_limit">
> {
  const query = await canonicalSavedQuery(input.query);
  if (!query.ok) return { ...query, message: `query: ${query.message}`, param: "query" };
  const url = input.webhook_url ? checkWebhookUrl(input.webhook_url) : ok(null);
  if (!url.ok) return url;
  if (!url.value && !input.email_digest)
    return invalidParam("email_digest", "Choose a delivery: a webhook URL, the e-mail digest, or both.");
  const secret = url.value ? newEndpointSecret() : null;
  const limit = SAVED_SEARCH_LIMITS[user.tier];
  const live = (await liveSnapshot())?.id;
  const created = await db().$transaction(async (tx) => {
    // The user's row locked: two saves at once cannot both pass the count.
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`;
    if ((await tx.savedSearch.count({ where: { userId: user.id } })) >= limit) return null;
    return tx.savedSearch.create({
      data: {
        id: newId("ss"),
        userId: user.id,
        name: input.name,
        query: query.value,
        emailDigest: input.email_digest,
        webhookUrl: url.value,
        webhookSecret: secret ? seal(secret) : null,
        afterSnapshotId: live ?? 0,
      },
    });
  });
  if (!created)
    return fail(
      "plan_limit",
      `Your plan keeps ${limit} saved search${limit === 1 ? "" : "es"}; delete one or choose a larger plan.`,
    );
  return ok({ saved_search: toView(created), webhook_secret: secret });
}

export async function deleteSavedSearch(
  userId: string,
  id: string,
): Promise<Result<{ deleted: string }, "not_found">> {
  const { count } = await db().savedSearch.deleteMany({ where: { id, userId } });
  return count ? ok({ deleted: id }) : fail("not_found", "You have no saved search with this id.");
}

/** A new secret, shown once; the old one still signs deliveries beside it for a day. */
export async function rotateSecret(
  userId: string,
  id: string,
  now: Date,
): Promise<Result<{ webhook_secret: string }, "not_found">> {
  const secret = newEndpointSecret();
  // One statement: two rotations at once each keep a secret that signs, never a lost one.
  const until = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  const rows = await db().$queryRaw<{ id: string }[]>`UPDATE saved_searches
    SET previous_secret = webhook_secret, previous_secret_until = ${until}, webhook_secret = ${seal(secret)}
    WHERE id = ${id} AND user_id = ${userId} AND webhook_url IS NOT NULL AND webhook_secret IS NOT NULL
    RETURNING id`;
  return rows.length
    ? ok({ webhook_secret: secret })
    : fail("not_found", "You have no saved search with a webhook and this id.");
}

/** A webhook turned off after failing, on again (its owner says the endpoint is fixed). */
export async function enableWebhook(
  userId: string,
  id: string,
): Promise<Result<{ enabled: string }, "not_found">> {
  const { count } = await db().savedSearch.updateMany({
    where: { id, userId, webhookUrl: { not: null } },
    data: { webhookDisabledAt: null, webhookFailingSince: null },
  });
  return count
    ? ok({ enabled: id })
    : fail("not_found", "You have no saved search with a webhook and this id.");
}
