import { describe, expect, it } from "vitest";
import { quotaState } from "../quota/state";
import { dueAlerts, reachedAt } from "./thresholds";

const now = new Date("2026-11-25T15:00:00Z");
const state = (dayUsed: number, monthUsed: number) =>
  quotaState({ daily: 50, monthly: 1_000, dayUsed, monthUsed }, now);

describe("usage alert thresholds", () => {
  it("are reached at 80 % rounded up and at the limit", () => {
    expect(reachedAt(50, 80)).toBe(40);
    expect(reachedAt(5_000, 80)).toBe(4_000);
    expect(reachedAt(7, 80)).toBe(6);
    expect(reachedAt(50, 100)).toBe(50);
  });

  it("call for nothing below 80 %, and for each threshold reached, per window", () => {
    expect(dueAlerts(state(39, 100), now)).toEqual([]);
    expect(dueAlerts(state(40, 100), now)).toEqual([
      {
        window: "daily",
        windowStart: "2026-11-25",
        threshold: 80,
        used: 40,
        limit: 50,
        resetsAt: new Date("2026-11-26T00:00:00Z"),
      },
    ]);
    const both = dueAlerts(state(50, 800), now).map((a) => `${a.window} ${a.windowStart} ${a.threshold}`);
    expect(both).toEqual(["daily 2026-11-25 100", "daily 2026-11-25 80", "monthly 2026-11-01 80"]);
  });
});
