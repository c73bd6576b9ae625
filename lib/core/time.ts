// Time-zone helpers for reset times. Windows are UTC; zones only change how a reset is shown.
import { z } from "zod";

const zoneCache = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let fmt = zoneCache.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZoneName: "longOffset",
    });
    // Callers choose the strings (case variants of one zone): keep the cache bounded.
    if (zoneCache.size >= 1000) zoneCache.clear();
    zoneCache.set(zone, fmt);
  }
  return fmt;
}

/** True for names Intl knows as IANA zones (e.g. Europe/Berlin, UTC); false for anything else. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** ISO 8601 local time with offset, e.g. 2026-11-22T01:00:00+01:00. */
export function formatInZone(date: Date, zone: string): string {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : String(parts.timeZoneName).replace("GMT", "");
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** The UTC day of an instant: "2026-11-21". */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** 00:00 UTC of the day after `now`: when the daily window resets. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** 00:00 UTC on the first of the month after `now`: when the monthly window resets. */
export function nextUtcMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The next daily reset, as the caller's local time. */
export function resetLocal(now: Date, zone: string): string {
  return formatInZone(nextUtcMidnight(now), zone);
}

export const TimeZoneSchema = z
  .string()
  .refine(isValidTimeZone, "must be an IANA time zone such as Europe/Berlin")
  .describe("IANA time zone; adds reset_local");

/**
 * The instants a date parameter may name: from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z,
 * after the offset is applied. Both Postgres (years 4713 BC–294276 AD, no year 0) and JavaScript
 * (±275,760 years) hold every one of them, and four-digit years print back as they were given;
 * no job was posted before 1970.
 */
export const EARLIEST_INSTANT = new Date(Date.UTC(1970, 0, 1));
export const LATEST_INSTANT = new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999));

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2})))?$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A date (midnight UTC) or an ISO 8601 date-time with Z or an offset, checked field by field:
 * Date.parse would take 2026-02-30 as 2 March, and a year-0 instant makes Postgres fail.
 * null for anything else, or outside EARLIEST_INSTANT..LATEST_INSTANT.
 */
export function parseInstant(text: string): Date | null {
  const m = ISO_INSTANT.exec(text);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((v) => Number(v ?? 0));
  // Years below 100 are out of range whatever the offset (and Date.UTC would read them as 19xx).
  if (year === undefined || month === undefined || day === undefined || year < 100) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = Number((m[7] ?? "").padEnd(3, "0").slice(0, 3));
  const offsetHours = Number(m[10] ?? 0);
  const offsetMinutes = Number(m[11] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const offset = (m[9] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000);
  return instant >= EARLIEST_INSTANT && instant <= LATEST_INSTANT ? instant : null;
}
