// Which usage alerts a request's quota state calls for: 80 % and 100 % of the daily and the
// monthly window. Pure: the state in, the alerts out; once per window is the outbox's key.
import type { QuotaState } from "../quota/state";
import { dayOf, monthStartOf } from "../quota/windows";

export const ALERT_THRESHOLDS = [80, 100] as const;
export type AlertWindow = "daily" | "monthly";

export type DueAlert = {
  window: AlertWindow;
  /** The window's first day (UTC), "2026-11-25" or "2026-11-01": with the rest, the alert's identity. */
  windowStart: string;
  threshold: (typeof ALERT_THRESHOLDS)[number];
  used: number;
  limit: number;
  resetsAt: Date;
};

/** The uses at which a threshold is reached: 80 % rounded up (40 of 50), and the limit. */
export const reachedAt = (limit: number, threshold: number) => Math.ceil((limit * threshold) / 100);

/** Every threshold the state has reached, highest first within each window. */
export function dueAlerts(quota: QuotaState, now: Date): DueAlert[] {
  const out: DueAlert[] = [];
  for (const window of ["daily", "monthly"] as const) {
    const w = quota[window];
    if (w.limit <= 0) continue;
    for (const threshold of [...ALERT_THRESHOLDS].reverse())
      if (w.used >= reachedAt(w.limit, threshold))
        out.push({
          window,
          windowStart: window === "daily" ? dayOf(now) : monthStartOf(now),
          threshold,
          used: w.used,
          limit: w.limit,
          resetsAt: w.reset,
        });
  }
  return out;
}
