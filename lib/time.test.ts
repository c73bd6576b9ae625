import { describe, expect, it } from "vitest";
import { formatInZone, isValidTimeZone, nextUtcMidnight, nextUtcMonthStart } from "./time";

describe("time zones", () => {
  it("accepts IANA zones and rejects others", () => {
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone("Europe/Berlin; drop")).toBe(false);
  });

  it("formats with the zone's offset, including half hours and DST", () => {
    const reset = new Date("2026-11-22T00:00:00Z");
    expect(formatInZone(reset, "Europe/Berlin")).toBe("2026-11-22T01:00:00+01:00");
    expect(formatInZone(reset, "Asia/Kolkata")).toBe("2026-11-22T05:30:00+05:30");
    expect(formatInZone(reset, "America/New_York")).toBe("2026-11-21T19:00:00-05:00");
    expect(formatInZone(new Date("2026-07-01T00:00:00Z"), "Europe/Berlin")).toBe("2026-07-01T02:00:00+02:00");
    expect(formatInZone(reset, "UTC")).toBe("2026-11-22T00:00:00+00:00");
  });

  it("computes the next UTC day and month boundaries", () => {
    expect(nextUtcMidnight(new Date("2026-11-21T23:59:59.999Z")).toISOString()).toBe(
      "2026-11-22T00:00:00.000Z",
    );
    expect(nextUtcMidnight(new Date("2026-12-31T00:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(nextUtcMonthStart(new Date("2026-12-15T10:00:00Z")).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
    expect(nextUtcMonthStart(new Date("2026-02-01T00:00:00Z")).toISOString()).toBe(
      "2026-03-01T00:00:00.000Z",
    );
  });
});
