// One delivery's send: a signed JSON POST to the saved search's webhook (never to a private
// address in production: lib/outbound) or its e-mail digest. The outcome is recorded as an
// attempt; what happens next (retry, give up, disable) is the sender's (sender.ts).

import type { DigestJob } from "../../emails/saved-search-digest";
import { db } from "../core/db";
import { fail, ok, type Result } from "../core/result";
import { sendSavedSearchDigest } from "../mail/send";
import { safeFetch } from "../outbound/safe-fetch";
import { ID_HEADER, SIGNATURE_HEADER, signatureHeader } from "../webhooks/signature";
import { allowPrivateTargets } from "./policy";
import type { DeliveryView } from "./schemas";
import { unseal } from "./secret-box";
import { newId } from "./store";
import { unsubscribeUrl } from "./unsubscribe";
import { toDeliveryView } from "./views";

export const WEBHOOK_TIMEOUT_MS = 10_000;
const TEST_EVENT_TIMEOUT_MS = 4_000;
const USER_AGENT = "JobsSalaryAPI-Webhooks/1";

/** What a digest delivery stores: how many new jobs, and the newest of them. */
export type DigestPayload = { total: number; jobs: DigestJob[] };

export type Outcome = { ok: boolean; status: number | null; error: string | null; ms: number };

export type Target = {
  id: string;
  name: string;
  query: string;
  webhookUrl: string | null;
  webhookSecret: string | null;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
};

/** The secrets a delivery is signed with: the current one, and the one before during rotation. */
function secretsOf(t: Target, now: Date): string[] {
  const current = t.webhookSecret ? unseal(t.webhookSecret) : null;
  const previous =
    t.previousSecret && t.previousSecretUntil && t.previousSecretUntil > now
      ? unseal(t.previousSecret)
      : null;
  return [current, previous].filter((s): s is string => s !== null);
}

/** How a webhook is sent: by default the server's policy and WEBHOOK_TIMEOUT_MS (tests narrow them). */
export type SendOptions = { timeoutMs?: number; allowPrivate?: boolean };

/** Posts `body` (the event's JSON, signed as sent) to the search's webhook. */
export async function postWebhook(
  t: Target,
  eventId: string,
  body: string,
  now: Date,
  opts: SendOptions = {},
): Promise<Outcome> {
  const [secret, ...older] = secretsOf(t, now);
  if (!t.webhookUrl || !secret) return { ok: false, status: null, error: "no webhook secret", ms: 0 };
  const res = await safeFetch(
    t.webhookUrl,
    {
      method: "POST",
      body,
      timeoutMs: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        [ID_HEADER]: eventId,
        [SIGNATURE_HEADER]: signatureHeader(secret, now.getTime() / 1000, body, older),
      },
    },
    { allowPrivate: opts.allowPrivate ?? allowPrivateTargets() },
  );
  if (!res.ok)
    return {
      ok: false,
      status: res.status ?? null,
      error: `${res.code}: ${res.message}`.slice(0, 300),
      ms: 0,
    };
  const good = res.value.status >= 200 && res.value.status < 300;
  return {
    ok: good,
    status: res.value.status,
    error: good ? null : `answered ${res.value.status}`,
    ms: res.value.ms,
  };
}

export async function mailDigest(to: string, t: Target, payload: DigestPayload): Promise<Outcome> {
  const started = Date.now();
  try {
    await sendSavedSearchDigest(to, {
      searchName: t.name,
      query: t.query,
      total: payload.total,
      jobs: payload.jobs,
      unsubscribeUrl: unsubscribeUrl(t.id),
    });
    return { ok: true, status: null, error: null, ms: Date.now() - started };
  } catch (err) {
    return {
      ok: false,
      status: null,
      error: String((err as Error).message).slice(0, 300),
      ms: Date.now() - started,
    };
  }
}

export async function recordAttempt(deliveryId: string, o: Outcome): Promise<void> {
  await db().deliveryAttempt.create({
    data: { deliveryId, statusCode: o.status, error: o.error, ms: o.ms },
  });
}

/** A test event, sent now; its delivery and attempt are logged like any other. */
export async function sendTestEvent(
  userId: string,
  id: string,
): Promise<Result<{ delivery: DeliveryView }, "not_found">> {
  const t = await db().savedSearch.findFirst({ where: { id, userId } });
  if (!t?.webhookUrl) return fail("not_found", "You have no saved search with a webhook and this id.");
  const now = new Date();
  const eventId = newId("evt");
  const payload = {
    id: eventId,
    type: "saved_search.test",
    created_at: now.toISOString(),
    saved_search: { id: t.id, name: t.name, query: t.query },
    total: 0,
    total_exact: true,
    jobs: [],
  };
  // Within the request's own deadline: the user waits for this answer.
  const outcome = await postWebhook(t, eventId, JSON.stringify(payload), now, {
    timeoutMs: TEST_EVENT_TIMEOUT_MS,
  });
  const delivery = await db().delivery.create({
    data: {
      id: eventId,
      savedSearchId: t.id,
      userId,
      // Test events share no import: a negative number of their own keeps them apart.
      snapshotId: -Math.floor(Math.random() * 2 ** 31) - 1,
      channel: "test",
      payload,
      jobs: 0,
      status: outcome.ok ? "delivered" : "failed",
      attempts: 1,
      lastStatus: outcome.status,
      lastError: outcome.error,
      doneAt: now,
    },
  });
  await recordAttempt(eventId, outcome);
  return ok({ delivery: toDeliveryView(delivery) });
}
