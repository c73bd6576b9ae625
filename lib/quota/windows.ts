// UTC day and calendar-month windows.
import { dayOf, nextUtcMidnight, nextUtcMonthStart } from "../core/time";

export { dayOf };
/** "2026-11" */
export const monthOf = (now: Date) => now.toISOString().slice(0, 7);
export const monthStartOf = (now: Date) => `${monthOf(now)}-01`;

export function resets(now: Date) {
  return { daily: nextUtcMidnight(now), monthly: nextUtcMonthStart(now) };
}
