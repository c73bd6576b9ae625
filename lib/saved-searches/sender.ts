// Works through the deliveries: every few seconds, on every instance, it claims a few due ones
// (SKIP LOCKED, and a claim that lapses if the instance dies while sending), sends them a few
// at a time, and settles each: delivered, tried again later (lib/webhooks/retry-schedule.ts,
// within 24 hours), or given up. An endpoint failing every delivery for three days is turned
// off and its owner told. A receiver may see an event twice (a claim that lapsed after it was
// delivered), never two different ids for one event: it deduplicates by Webhook-Id.
import { hotQuery } from "../core/db";
import { log } from "../core/log";
import { Prisma } from "../generated/prisma/client";
import { sendWebhookDisabled } from "../mail/send";
import { nextAttemptDelayMs } from "../webhooks/retry-schedule";
import { bodiesOf, withJobs } from "./bodies";
import {
  type DigestPayload,
  mailDigest,
  type Outcome,
  postWebhook,
  recordAttempt,
  type SendOptions,
  type Target,
} from "./deliver";
import { DISABLE_AFTER_MS } from "./limits";

/**
 * Claimed per round, all sent at once: a claim must outlast its own send (a webhook's 10 s, an
 * e-mail's SMTP timeouts), never wait behind others, or another instance would take it over.
 */
const BATCH = 8;
/** Several times the longest send: a claim lapses only when its instance is gone. */
const CLAIM_S = 60;

type Claimed = {
  id: string;
  channel: "webhook" | "email";
  /** Without its jobs when body_id is set (bodies.ts). */
  payload: Record<string, unknown>;
  body_id: string | null;
  attempts: number;
  search_id: string;
  name: string;
  query: string;
  email_digest: boolean;
  webhook_url: string | null;
  webhook_secret: string | null;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  webhook_failing_since: Date | null;
  webhook_disabled_at: Date | null;
  email: string | null;
};

export type SendRound = { delivered: number; retried: number; failed: number; skipped: number };

export async function sendDueDeliveries(
  now = new Date(),
  random: () => number = Math.random,
  opts: SendOptions = {},
): Promise<SendRound> {
  const claimed = await hotQuery<Claimed>(Prisma.sql`
    UPDATE deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + ${`${CLAIM_S} seconds`}::interval
    FROM (
      SELECT id FROM deliveries WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
    ) due, saved_searches s, users u
    WHERE d.id = due.id AND s.id = d.saved_search_id AND u.id = d.user_id
    RETURNING d.id, d.channel, d.payload, d.body_id, d.attempts, s.id AS search_id, s.name, s.query, s.email_digest,
      s.webhook_url, s.webhook_secret, s.previous_secret, s.previous_secret_until, s.webhook_failing_since,
      s.webhook_disabled_at, u.email`);
  const round: SendRound = { delivered: 0, retried: 0, failed: 0, skipped: 0 };
  const bodies = await bodiesOf(claimed.flatMap((d) => (d.body_id ? [d.body_id] : [])));
  // Everything claimed is sent at once (the claim is only as large as that).
  await Promise.all(
    claimed.map(async (d) => {
      const settled = await deliverOne(d, bodies, now, random, opts).catch((err: unknown) => {
        log.warn("a delivery round item failed; its claim lapses and it is tried again", {
          delivery: d.id,
          error: String(err),
        });
        return null;
      });
      if (settled) round[settled]++;
    }),
  );
  return round;
}

const target = (d: Claimed): Target => ({
  id: d.search_id,
  name: d.name,
  query: d.query,
  webhookUrl: d.webhook_url,
  webhookSecret: d.webhook_secret,
  previousSecret: d.previous_secret,
  previousSecretUntil: d.previous_secret_until,
});

/** The event as sent: its stored payload, and its body's jobs when it has one (null: gone). */
function eventJson(d: Claimed, bodies: Map<string, string>): string | null {
  if (!d.body_id) return JSON.stringify(d.payload);
  const jobs = bodies.get(d.body_id);
  return jobs === undefined ? null : withJobs(d.payload, jobs);
}

async function deliverOne(
  d: Claimed,
  bodies: Map<string, string>,
  now: Date,
  random: () => number,
  opts: SendOptions,
): Promise<keyof SendRound> {
  if (d.channel === "webhook" ? !d.webhook_url || d.webhook_disabled_at : !d.email_digest || !d.email) {
    await finish(d.id, "skipped", null);
    return "skipped";
  }
  const event = eventJson(d, bodies);
  // The foreign key keeps a body while a delivery points at it; were it gone, no try could work.
  if (event === null) {
    const gone: Outcome = { ok: false, status: null, error: "its jobs are no longer stored", ms: 0 };
    await recordAttempt(d.id, gone);
    await finish(d.id, "failed", gone);
    return "failed";
  }
  const outcome =
    d.channel === "webhook"
      ? await postWebhook(target(d), d.id, event, new Date(), opts)
      : await mailDigest(d.email as string, target(d), JSON.parse(event) as DigestPayload);
  await recordAttempt(d.id, outcome);
  if (d.channel === "webhook") await endpointHealth(d, outcome, now);
  if (outcome.ok) {
    await finish(d.id, "delivered", outcome);
    return "delivered";
  }
  const wait = nextAttemptDelayMs(d.attempts, random);
  if (wait === null) {
    await finish(d.id, "failed", outcome);
    return "failed";
  }
  await hotQuery(Prisma.sql`UPDATE deliveries SET next_attempt_at = now() + ${`${wait} milliseconds`}::interval,
    last_status = ${outcome.status}, last_error = ${outcome.error} WHERE id = ${d.id}`);
  return "retried";
}

async function finish(
  id: string,
  status: "delivered" | "failed" | "skipped",
  o: Outcome | null,
): Promise<void> {
  await hotQuery(Prisma.sql`UPDATE deliveries SET status = ${status}, done_at = now(),
    last_status = ${o?.status ?? null}, last_error = ${o?.error ?? null} WHERE id = ${id}`);
}

/** A success clears the endpoint's failing mark; three days of failures turn it off, once. */
async function endpointHealth(d: Claimed, o: Outcome, now: Date): Promise<void> {
  if (o.ok) {
    // Whatever the claim saw: another delivery may have marked it failing since.
    await hotQuery(
      Prisma.sql`UPDATE saved_searches SET webhook_failing_since = NULL WHERE id = ${d.search_id} AND webhook_failing_since IS NOT NULL`,
    );
    return;
  }
  const since = d.webhook_failing_since ?? now;
  if (!d.webhook_failing_since)
    await hotQuery(Prisma.sql`UPDATE saved_searches SET webhook_failing_since = coalesce(webhook_failing_since, now())
      WHERE id = ${d.search_id}`);
  if (now.getTime() - since.getTime() < DISABLE_AFTER_MS) return;
  const turnedOff = await hotQuery<{
    id: string;
  }>(Prisma.sql`UPDATE saved_searches SET webhook_disabled_at = now()
    WHERE id = ${d.search_id} AND webhook_disabled_at IS NULL RETURNING id`);
  if (turnedOff.length && d.email)
    await sendWebhookDisabled(d.email, {
      searchName: d.name,
      host: new URL(d.webhook_url as string).host,
      failingSince: since.toUTCString(),
    }).catch((err: unknown) => log.warn("the webhook-disabled e-mail failed", { error: String(err) }));
}
