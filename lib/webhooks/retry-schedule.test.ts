import { describe, expect, it } from "vitest";
import {
  maxAttemptDelayMs,
  nextAttemptDelayMs,
  RETRY_BASE_DELAY_MS,
  RETRY_MAX_ATTEMPTS,
  RETRY_MAX_DELAY_MS,
  RETRY_WINDOW_MS,
} from "./retry-schedule";

const always = (r: number) => () => r;

/** The waits of one whole delivery, until the schedule gives up. */
function waits(random: () => number): number[] {
  const out: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const wait = nextAttemptDelayMs(attempt, random);
    if (wait === null) return out;
    out.push(wait);
  }
}

describe("nextAttemptDelayMs", () => {
  it("doubles the ceiling from 30 s and caps it at one hour", () => {
    expect([1, 2, 3, 4].map(maxAttemptDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(maxAttemptDelayMs(8)).toBe(RETRY_MAX_DELAY_MS);
    expect(maxAttemptDelayMs(40)).toBe(RETRY_MAX_DELAY_MS);
  });

  it("waits just under the ceiling with a random near 1, and never more", () => {
    const nearlyOne = always(1 - 1e-12);
    expect(nextAttemptDelayMs(1, nearlyOne)).toBe(RETRY_BASE_DELAY_MS - 1);
    const all = waits(always(1));
    all.forEach((w, i) => {
      expect(w).toBeLessThanOrEqual(maxAttemptDelayMs(i + 1));
    });
  });

  it("has ceilings that never decrease and never pass the cap", () => {
    const ceilings = waits(always(1));
    for (let i = 1; i < ceilings.length; i++) expect(ceilings[i]).toBeGreaterThanOrEqual(ceilings[i - 1]!);
    expect(Math.max(...ceilings)).toBe(RETRY_MAX_DELAY_MS);
  });

  it("gives up before the waits could add up to more than 24 hours", () => {
    const worst = waits(always(1));
    expect(worst.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    // One more wait at the cap would have passed the window.
    expect(worst.reduce((a, b) => a + b, 0) + RETRY_MAX_DELAY_MS).toBeGreaterThan(RETRY_WINDOW_MS);
    expect(worst.length + 1).toBe(RETRY_MAX_ATTEMPTS);
    expect(RETRY_MAX_ATTEMPTS).toBe(30);
    expect(nextAttemptDelayMs(RETRY_MAX_ATTEMPTS, always(0.5))).toBeNull();
    expect(nextAttemptDelayMs(1000, always(0.5))).toBeNull();
  });

  it("never waits a negative time, even with a random out of range", () => {
    for (const r of [0, -1, Number.NaN, 2, Number.POSITIVE_INFINITY]) {
      for (const w of waits(always(r))) expect(w).toBeGreaterThanOrEqual(0);
    }
    expect(nextAttemptDelayMs(1, always(2))).toBe(RETRY_BASE_DELAY_MS);
  });

  it("is deterministic for a fixed random", () => {
    let seed = 42;
    const lcg = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const first = waits(lcg);
    seed = 42;
    expect(waits(lcg)).toEqual(first);
    expect(nextAttemptDelayMs(3, always(0.25))).toBe(30_000);
  });

  it("refuses an attempt number below 1 or not whole", () => {
    expect(() => nextAttemptDelayMs(0, always(0.5))).toThrow(RangeError);
    expect(() => nextAttemptDelayMs(1.5, always(0.5))).toThrow(RangeError);
  });
});
