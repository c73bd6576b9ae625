// The Postgres path: exact counts from key_usage, and admission through consume_quota()
// (see the migrations) when Redis cannot be used. Counts are the user's: every key a user has
// had adds to the same day and month, so a new key continues where the revoked one stopped.
import { db, hotQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { Counts } from "./state";
import { flushUsage, pendingBefore } from "./usage-buffer";
import { dayOf, monthStartOf } from "./windows";

/** key_usage rows of every key of this key's user, this month up to today. */
const userMonth = (keyId: string, now: Date) => Prisma.sql`
  FROM key_usage u JOIN api_keys k ON k.id = u.key_id
  WHERE k.user_id = (SELECT user_id FROM api_keys WHERE id = ${keyId})
    AND u.day >= ${monthStartOf(now)}::date AND u.day <= ${dayOf(now)}::date`;

/** Used today and this month by the key's user, including this process's unflushed counts. */
export async function countsInPostgres(keyId: string, now: Date): Promise<Counts> {
  await flushUsage();
  const rows = await db().$queryRaw<{ day: number; month: number }[]>`
    SELECT coalesce(sum(u.count) FILTER (WHERE u.day = ${dayOf(now)}::date), 0)::int AS day,
           coalesce(sum(u.count), 0)::int AS month ${userMonth(keyId, now)}`;
  return rows[0] ?? { day: 0, month: 0 };
}

export async function consumeInPostgres(
  keyId: string,
  now: Date,
  limits: { daily: number; monthly: number },
) {
  await flushUsage();
  const rows = await db().$queryRaw<{ admitted: boolean; day_used: number; month_used: number }[]>`
    SELECT admitted, day_used, month_used FROM consume_quota(${keyId}, ${dayOf(now)}::date, ${limits.daily}::int, ${limits.monthly}::int)`;
  const [r] = rows;
  if (!r) throw new Error("consume_quota() returned no row");
  return { admitted: r.admitted, dayUsed: r.day_used, monthUsed: r.month_used };
}

/**
 * The user's per-day counts of the month so far, oldest first. Today's figure may lag by a
 * flush (callers replace it); earlier days are exact: counts of a past day still waiting in
 * this process's buffer (just after midnight) are written first.
 */
async function daysInPostgres(keyId: string, now: Date): Promise<{ date: string; count: number }[]> {
  if (pendingBefore(dayOf(now))) await flushUsage();
  return hotQuery<{ date: string; count: number }>(
    Prisma.sql`SELECT u.day::text AS date, sum(u.count)::int AS count ${userMonth(keyId, now)} GROUP BY u.day ORDER BY u.day`,
  );
}

/** This month's days, with today's figure replaced by a fresher one (Postgres lags by a flush). */
export async function monthDays(
  keyId: string,
  now: Date,
  today: number,
): Promise<{ date: string; count: number }[]> {
  const date = dayOf(now);
  const days = (await daysInPostgres(keyId, now)).filter((d) => d.date !== date);
  days.push({ date, count: today });
  return days;
}
