import { describe, expect, it } from "vitest";
import type { QuotaState } from "../quota/state";
import { rateLimitHeaders, retryAfter } from "./rate-limit-headers";

const now = new Date("2026-11-21T18:00:00Z");
const q = (dayLeft: number, monthLeft: number): QuotaState => ({
  daily: { limit: 50, used: 50 - dayLeft, remaining: dayLeft, reset: new Date("2026-11-22T00:00:00Z") },
  monthly: {
    limit: 500,
    used: 500 - monthLeft,
    remaining: monthLeft,
    reset: new Date("2026-12-01T00:00:00Z"),
  },
});

describe("rate-limit headers", () => {
  it("describe the daily window and both windows in the draft fields", () => {
    expect(rateLimitHeaders(q(49, 499), now)).toEqual({
      "X-RateLimit-Limit": "50",
      "X-RateLimit-Remaining": "49",
      "X-RateLimit-Reset": String(Date.parse("2026-11-22T00:00:00Z") / 1000),
      "X-RateLimit-Window": "daily",
      "RateLimit-Policy": '"daily";q=50;w=86400, "monthly";q=500;w=2592000',
      RateLimit: '"daily";r=49;t=21600, "monthly";r=499;t=799200',
    });
  });

  it("waits for the window that ran out", () => {
    expect(retryAfter(q(0, 10), now)).toBe(21_600);
    expect(retryAfter(q(5, 0), now)).toBe(799_200);
    expect(retryAfter(q(0, 0), now)).toBe(799_200);
  });
});
