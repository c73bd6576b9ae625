// UTC day and calendar-month windows.
import { nextUtcMidnight, nextUtcMonthStart } from "../core/time";

/** "2026-11-21" */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);
/** "2026-11" */
export const monthOf = (now: Date) => now.toISOString().slice(0, 7);
export const monthStartOf = (now: Date) => `${monthOf(now)}-01`;

export function resets(now: Date) {
  return { daily: nextUtcMidnight(now), monthly: nextUtcMonthStart(now) };
}
