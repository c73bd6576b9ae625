// What a caller is told about its quota: both windows, with use, room and reset time.
import { resets } from "./windows";

export type QuotaWindow = { limit: number; used: number; remaining: number; reset: Date };
export type QuotaState = { daily: QuotaWindow; monthly: QuotaWindow };
export type Counts = { day: number; month: number };

export function quotaState(
  v: { daily: number; monthly: number; dayUsed: number; monthUsed: number },
  now: Date,
): QuotaState {
  const r = resets(now);
  const w = (limit: number, used: number, reset: Date) => ({
    limit,
    used,
    remaining: Math.max(0, limit - used),
    reset,
  });
  return { daily: w(v.daily, v.dayUsed, r.daily), monthly: w(v.monthly, v.monthUsed, r.monthly) };
}

/** The state after one unit of both windows was given back. */
export function withUnitReturned(q: QuotaState): QuotaState {
  const back = (w: QuotaWindow) => ({
    ...w,
    used: Math.max(0, w.used - 1),
    remaining: Math.min(w.limit, w.remaining + 1),
  });
  return { daily: back(q.daily), monthly: back(q.monthly) };
}
