// The Postgres path: exact counts from key_usage, and admission through consume_quota()
// (see the migration) when Redis cannot be used.
import { db } from "../db";
import type { Counts } from "./state";
import { flushUsage } from "./usage-buffer";
import { dayOf, monthStartOf } from "./windows";

/** Used today and this month, including this process's unflushed counts. */
export async function countsInPostgres(keyId: string, now: Date): Promise<Counts> {
  await flushUsage();
  const rows = await db().$queryRaw<{ day: number; month: number }[]>`
    SELECT coalesce(sum(count) FILTER (WHERE day = ${dayOf(now)}::date), 0)::int AS day, coalesce(sum(count), 0)::int AS month
    FROM key_usage WHERE key_id = ${keyId} AND day >= ${monthStartOf(now)}::date AND day <= ${dayOf(now)}::date`;
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

/** Per-day counts of the month so far, oldest first. */
export async function daysInPostgres(keyId: string, now: Date): Promise<{ date: string; count: number }[]> {
  await flushUsage();
  const rows = await db().$queryRaw<{ day: Date; count: number }[]>`
    SELECT day, count FROM key_usage WHERE key_id = ${keyId} AND day >= ${monthStartOf(now)}::date AND day <= ${dayOf(now)}::date ORDER BY day`;
  return rows.map((r) => ({ date: r.day.toISOString().slice(0, 10), count: r.count }));
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
