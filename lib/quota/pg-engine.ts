// The Postgres path: exact counts from key_usage, and admission through consume_quota()
// (see the migrations) when Redis cannot be used. Counts are the user's: every key a user has
// had adds to the same day and month, so a new key continues where the revoked one stopped.
import { hotQuery } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { Tier } from "../plans";
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
  const rows = await hotQuery<{ day: number; month: number }>(Prisma.sql`
    SELECT coalesce(sum(u.count) FILTER (WHERE u.day = ${dayOf(now)}::date), 0)::int AS day,
           coalesce(sum(u.count), 0)::int AS month ${userMonth(keyId, now)}`);
  return rows[0] ?? { day: 0, month: 0 };
}

export async function consumeInPostgres(
  keyId: string,
  now: Date,
  limits: { daily: number; monthly: number },
) {
  await flushUsage();
  const rows = await hotQuery<{ admitted: boolean; day_used: number; month_used: number }>(Prisma.sql`
    SELECT admitted, day_used, month_used FROM consume_quota(${keyId}, ${dayOf(now)}::date, ${limits.daily}::int, ${limits.monthly}::int)`);
  const [r] = rows;
  if (!r) throw new Error("consume_quota() returned no row");
  return { admitted: r.admitted, dayUsed: r.day_used, monthUsed: r.month_used };
}

/**
 * The user's per-day counts of the month so far, oldest first. Today's figure may lag by a
 * flush (callers replace it); earlier days are exact: counts of a past day still waiting in
 * this process's buffer (just after midnight) are written first.
 */
async function daysInPostgres(keyId: string, now: Date): Promise<Day[]> {
  if (pendingBefore(dayOf(now))) await flushUsage();
  return hotQuery<Day>(
    Prisma.sql`SELECT u.day::text AS date, sum(u.count)::int AS count ${userMonth(keyId, now)} GROUP BY u.day ORDER BY u.day`,
  );
}

/** Today's figure replaced by a fresher one (Postgres lags by a flush). */
function withToday(days: Day[], now: Date, today: number): Day[] {
  const date = dayOf(now);
  const out = days.filter((d) => d.date !== date);
  out.push({ date, count: today });
  return out;
}

type Day = { date: string; count: number };

/** This month's days, with today's figure replaced by a fresher one (Postgres lags by a flush). */
export async function monthDays(keyId: string, now: Date, today: number): Promise<Day[]> {
  return withToday(await daysInPostgres(keyId, now), now, today);
}

/**
 * What GET /api/keys/usage shows beyond the quota: the key's hint, its user's tier and this
 * month's days, in one statement (one round trip on every call of a metered endpoint).
 */
export async function keyUsage(
  keyId: string,
  now: Date,
  today: number,
): Promise<{ id: string; hint: string; tier: Tier; days: Day[] } | null> {
  if (pendingBefore(dayOf(now))) await flushUsage();
  const [row] = await hotQuery<{ id: string; hint: string; tier: Tier; days: Day[] }>(Prisma.sql`
    SELECT k.id, k.hint, usr.tier::text AS tier, coalesce((
      SELECT json_agg(json_build_object('date', d.date, 'count', d.count) ORDER BY d.date) FROM (
        SELECT u.day::text AS date, sum(u.count)::int AS count ${userMonth(keyId, now)} GROUP BY u.day
      ) d), '[]'::json) AS days
    FROM api_keys k JOIN users usr ON usr.id = k.user_id WHERE k.id = ${keyId}`);
  return row ? { ...row, days: withToday(row.days, now, today) } : null;
}
