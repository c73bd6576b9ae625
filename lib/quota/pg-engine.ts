// The Postgres side of quotas: the reservation ledger both admission paths draw from
// (reserve_quota() in the migrations), and exact counts from key_usage. Counts are the user's:
// every key a user has had adds to the same day and month, so a new key continues where the
// revoked one stopped.
import { hotQuery } from "../core/db";
import type { Tier } from "../core/plans";
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
  const rows = await hotQuery<{ day: number; month: number }>(Prisma.sql`
    SELECT coalesce(sum(u.count) FILTER (WHERE u.day = ${dayOf(now)}::date), 0)::int AS day,
           coalesce(sum(u.count), 0)::int AS month ${userMonth(keyId, now)}`);
  return rows[0] ?? { day: 0, month: 0 };
}

export type Reservation = {
  /** Units granted (a lease), or 1 / 0 (a request on the Postgres path). */
  granted: number;
  /** The user's day and month totals after it: reserved, never below what was charged. */
  dayTotal: number;
  monthTotal: number;
  /** Set when fewer units were granted than asked: the window that ran out. */
  window: "daily" | "monthly" | null;
  /**
   * Reserved units of the day that key_usage does not show used: still in a Redis allowance, or
   * admitted and not yet written. A refusal while there are some may not be final.
   */
  unsettled: number;
  /** The key's units leased to Redis today, after this lease. */
  keyLeased: number;
  /** Of those, the units leased in the last few seconds (their grants may still be on the way). */
  recentUnits: number;
};

type ReservationRow = {
  granted: number;
  day_total: number;
  month_total: number;
  full_window: string | null;
  unsettled: number;
  key_leased: number;
  recent_units: number;
};

async function reserve(
  keyId: string,
  now: Date,
  limits: { daily: number; monthly: number },
  want: { cap: number; floor: number },
  requestId: string | null,
): Promise<Reservation> {
  const [r] = await hotQuery<ReservationRow>(Prisma.sql`
    SELECT granted, day_total, month_total, full_window, unsettled, key_leased, recent_units FROM reserve_quota(${keyId}, ${dayOf(now)}::date,
      ${limits.daily}::int, ${limits.monthly}::int, ${want.cap}::int, ${want.floor}::int, ${requestId}::text)`);
  if (!r) throw new Error("reserve_quota() returned no row");
  const window = r.full_window === "daily" || r.full_window === "monthly" ? r.full_window : null;
  return {
    granted: r.granted,
    dayTotal: r.day_total,
    monthTotal: r.month_total,
    window,
    unsettled: r.unsettled,
    keyLeased: r.key_leased,
    recentUnits: r.recent_units,
  };
}

/**
 * The most units one lease may carry: about 1 % of the day, so that what a lost Redis strands
 * is small, and at least one. Leases start at one unit and double through the day up to it.
 */
export const leaseCap = (daily: number) => Math.max(1, Math.min(500, Math.floor(daily / 100)));

/** Leases units of the user's quota to the key's Redis allowance, at least `waiting` of them. */
export const leaseFromPostgres = (
  keyId: string,
  now: Date,
  limits: { daily: number; monthly: number },
  waiting: number,
) =>
  reserve(keyId, now, limits, { cap: leaseCap(limits.daily), floor: Math.min(waiting, limits.daily) }, null);

/**
 * Admits request `requestId` on the Postgres path (Redis unusable), charging key_usage in the
 * same transaction. Asking again with the same id gives the first answer.
 */
export const admitInPostgres = (
  keyId: string,
  now: Date,
  limits: { daily: number; monthly: number },
  requestId: string,
) => reserve(keyId, now, limits, { cap: 1, floor: 1 }, requestId);

/**
 * Gives back a request admitted on the Postgres path, or, when its admission has not run yet
 * (a lost reply), makes sure it never will. True when a unit was given back.
 */
export async function releaseInPostgres(requestId: string, keyId: string, day: string): Promise<boolean> {
  const [r] = await hotQuery<{ released: boolean }>(Prisma.sql`
    SELECT release_quota_request(${requestId}, ${keyId}, ${day}::date) AS released`);
  return r?.released === true;
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
