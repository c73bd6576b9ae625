import { describe, expect, it } from "vitest";
import {
  EARLIEST_INSTANT,
  formatInZone,
  isValidTimeZone,
  LATEST_INSTANT,
  nextUtcMidnight,
  nextUtcMonthStart,
  parseInstant,
} from "./time";

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

describe("parseInstant", () => {
  const iso = (t: string) => parseInstant(t)?.toISOString() ?? null;

  it("reads dates as midnight UTC and date-times with their offset", () => {
    expect(iso("2026-11-01")).toBe("2026-11-01T00:00:00.000Z");
    expect(iso("2026-11-01T09:30Z")).toBe("2026-11-01T09:30:00.000Z");
    expect(iso("2026-11-01T09:30:15.5+01:00")).toBe("2026-11-01T08:30:15.500Z");
    expect(iso("2026-11-01T09:30:15.123456789-05:30")).toBe("2026-11-01T15:00:15.123Z");
    expect(iso("2028-02-29")).toBe("2028-02-29T00:00:00.000Z");
    expect(iso("2000-02-29")).toBe("2000-02-29T00:00:00.000Z");
  });

  it("refuses days that are not in the calendar", () => {
    for (const t of [
      "2026-02-30",
      "2026-02-29",
      "1900-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
    ])
      expect(iso(t), t).toBeNull();
    for (const t of [
      "2026-01-01T24:00Z",
      "2026-01-01T23:60Z",
      "2026-01-01T23:59:60Z",
      "2026-01-01T10:00+24:00",
    ])
      expect(iso(t), t).toBeNull();
  });

  it("refuses instants outside 1970-01-01 .. 9999-12-31 UTC, after the offset", () => {
    for (const t of [
      "0000-01-01",
      "0001-01-01T00:00:00+01:00",
      "0099-12-31",
      "1969-12-31",
      "1970-01-01T00:30+01:00",
    ])
      expect(iso(t), t).toBeNull();
    expect(iso("9999-12-31T23:00:00-05:00")).toBeNull();
    expect(iso("1970-01-01")).toBe(EARLIEST_INSTANT.toISOString());
    expect(iso("1969-12-31T23:30-01:00")).toBe("1970-01-01T00:30:00.000Z");
    expect(iso("9999-12-31T23:59:59.999Z")).toBe(LATEST_INSTANT.toISOString());
  });

  it("refuses other shapes", () => {
    for (const t of [
      "",
      "2026-1-1",
      "26-01-01",
      "+002026-01-01",
      "2026-01-01T10Z",
      "2026-01-01T10:00",
      "2026-01-01 10:00Z",
      "yesterday",
      "1e3",
    ])
      expect(iso(t), t).toBeNull();
  });
});
