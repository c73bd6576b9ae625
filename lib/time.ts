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
