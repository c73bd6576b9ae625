// Works through the usage-alert outbox: every ALERT_POLL_MS, on every process, it claims a few
// due alerts (SKIP LOCKED, and a claim that lapses if the process dies while sending), sends
// each, and records the outcome. SMTP failing: the alert is retried with growing waits until
// its window resets; after that it is dropped as expired, since "80 % of today's quota" is
// wrong news tomorrow. A user who turned alerts off gets none (outcome `off`).

import { hotQuery } from "../core/db";
import { log } from "../core/log";
import { Prisma } from "../generated/prisma/client";
import { sendUsageAlert } from "../mail/send";

const ALERT_POLL_MS = 5_000;
/** Alerts claimed per round. */
const BATCH = 20;
/** A claim lapses after this long: a process that died while sending leaves the alert due again. */
const CLAIM_S = 120;
/** Waits before the next try: 10 s, doubling, at most 10 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));
/** Done alerts are kept this long (what was sent, for support), then deleted. */
const KEEP_DAYS = 60;

type Claimed = {
  user_id: string;
  window: "daily" | "monthly";
  window_start: string;
  threshold: 80 | 100;
  used: number;
  limit: number;
  resets_at: Date;
  attempts: number;
  email: string | null;
  usage_alerts: boolean;
};

export type SendRound = { sent: number; off: number; expired: number; failed: number };
export type AlertSend = typeof sendUsageAlert;

const keyOf = (a: Claimed) =>
  Prisma.sql`user_id = ${a.user_id} AND "window" = ${a.window} AND window_start = ${a.window_start}::date AND threshold = ${a.threshold}`;

async function finish(a: Claimed, outcome: "sent" | "off" | "expired"): Promise<void> {
  await hotQuery(
    Prisma.sql`UPDATE usage_alerts SET outcome = ${outcome}, done_at = now(), last_error = NULL WHERE ${keyOf(a)}`,
  );
}

/** One round: the due alerts claimed, sent or settled. `send` is the mailer (tests replace it). */
export async function sendDueAlerts(now = new Date(), send: AlertSend = sendUsageAlert): Promise<SendRound> {
  // One statement: the claim and the rows it claimed, whatever other processes claim meanwhile.
  const claimed = await hotQuery<Claimed>(Prisma.sql`
      UPDATE usage_alerts a SET attempts = a.attempts + 1, next_attempt_at = now() + ${`${CLAIM_S} seconds`}::interval
      FROM (
        SELECT x.user_id, x."window", x.window_start, x.threshold FROM usage_alerts x
        WHERE x.outcome IS NULL AND x.next_attempt_at <= now()
        ORDER BY x.next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
      ) due, users u
      WHERE a.user_id = due.user_id AND a."window" = due."window" AND a.window_start = due.window_start
        AND a.threshold = due.threshold AND u.id = a.user_id
      RETURNING a.user_id, a."window", to_char(a.window_start, 'YYYY-MM-DD') AS window_start, a.threshold,
        a.used, a."limit", a.resets_at, a.attempts, u.email, u.usage_alerts`);
  const round: SendRound = { sent: 0, off: 0, expired: 0, failed: 0 };
  for (const a of claimed) {
    if (!a.usage_alerts || !a.email) {
      await finish(a, "off");
      round.off++;
    } else if (a.resets_at.getTime() <= now.getTime()) {
      await finish(a, "expired");
      round.expired++;
    } else {
      try {
        await send(a.email, {
          window: a.window,
          threshold: a.threshold,
          used: a.used,
          limit: a.limit,
          resetsAt: a.resets_at.toUTCString(),
        });
        await finish(a, "sent");
        round.sent++;
      } catch (err) {
        round.failed++;
        // The error's message names the SMTP failure only (lib/mail/send.ts), never the address.
        await hotQuery(Prisma.sql`
          UPDATE usage_alerts SET last_error = ${String(err).slice(0, 200)},
            next_attempt_at = now() + ${`${retryDelaySeconds(a.attempts)} seconds`}::interval
          WHERE ${keyOf(a)}`);
      }
    }
  }
  if (round.failed) log.warn("usage alerts not sent; will retry", { failed: round.failed });
  return round;
}

/** Deletes alerts done more than KEEP_DAYS ago. */
export const purgeAlerts = () =>
  hotQuery(Prisma.sql`DELETE FROM usage_alerts WHERE done_at < now() - ${`${KEEP_DAYS} days`}::interval`);

const g = globalThis as unknown as { alertSender?: NodeJS.Timeout };

/** Every ALERT_POLL_MS in this process (the server starts it), never two rounds at once. */
export function startAlertSender(): void {
  if (g.alertSender) return;
  let running = false;
  let rounds = 0;
  g.alertSender = setInterval(() => {
    if (running) return;
    running = true;
    sendDueAlerts()
      .then(() => (++rounds % 720 === 0 ? purgeAlerts() : undefined))
      .catch((err) => log.warn("usage alert round failed; will retry", { error: String(err) }))
      .finally(() => {
        running = false;
      });
  }, ALERT_POLL_MS);
  g.alertSender.unref();
}
