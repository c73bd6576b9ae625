import { describe, expect, it } from "vitest";
import { readRateLimit, retryAfterSeconds } from "./rate-limit";

describe("the rate-limit headers", () => {
  it("give the daily limit, what is left, both windows' resets and Retry-After", () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const headers = new Headers({
      "X-RateLimit-Limit": "5000",
      "X-RateLimit-Remaining": "4998",
      "X-RateLimit-Reset": String(Date.UTC(2026, 10, 26) / 1000),
      RateLimit: '"daily";r=4998;t=43200, "monthly";r=99000;t=432000',
      "Retry-After": "7",
    });
    expect(readRateLimit(headers, now)).toEqual({
      limit: 5000,
      remaining: 4998,
      resetsAt: new Date(Date.UTC(2026, 10, 26)),
      windows: {
        daily: { remaining: 4998, resetsAt: new Date(Date.UTC(2026, 10, 26)) },
        monthly: { remaining: 99000, resetsAt: new Date(now + 432_000_000) },
      },
      retryAfter: 7,
    });
  });

  it("are null where a header is absent or not a number", () => {
    const r = readRateLimit(new Headers({ "X-RateLimit-Limit": "many", RateLimit: "garbage" }));
    expect(r).toEqual({ limit: null, remaining: null, resetsAt: null, windows: {}, retryAfter: null });
  });

  it("read Retry-After as seconds or as an HTTP date", () => {
    const now = Date.UTC(2026, 10, 25, 12);
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds(new Date(now + 30_500).toUTCString(), now)).toBe(30);
    expect(retryAfterSeconds("soon", now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});
