import { describe, expect, it } from "vitest";
import { boundingBox, distanceKm, validCoordinates } from "./distance";

const berlin = { lat: 52.52437, lng: 13.41053 };
const paris = { lat: 48.85341, lng: 2.3488 };

describe("distanceKm", () => {
  it("measures great-circle distances", () => {
    expect(distanceKm(berlin, paris)).toBeCloseTo(878.4, 0);
    expect(distanceKm(berlin, berlin)).toBe(0);
    // A quarter of the equator.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo(10007.6, 0);
  });
  it("is short across the antimeridian", () => {
    expect(distanceKm({ lat: -17, lng: 179.9 }, { lat: -17, lng: -179.9 })).toBeLessThan(25);
  });
});

describe("boundingBox", () => {
  it("holds every point within the distance", () => {
    for (const p of [berlin, { lat: -33.9, lng: 151.2 }, { lat: 64.1, lng: -21.9 }]) {
      const box = boundingBox(p, 100);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        // A point 99.9 km away on this bearing (destination formula).
        const d = 99.9 / 6371.0088;
        const b = (bearing * Math.PI) / 180;
        const lat1 = (p.lat * Math.PI) / 180;
        const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
        const lng2 =
          p.lng +
          (Math.atan2(
            Math.sin(b) * Math.sin(d) * Math.cos(lat1),
            Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
          ) *
            180) /
            Math.PI;
        const lat = (lat2 * 180) / Math.PI;
        expect(lat).toBeGreaterThanOrEqual(box.minLat);
        expect(lat).toBeLessThanOrEqual(box.maxLat);
        expect(box.lngRanges.some(([lo, hi]) => lng2 >= lo && lng2 <= hi)).toBe(true);
      }
    }
  });
  it("splits at the antimeridian", () => {
    const box = boundingBox({ lat: -17.7, lng: 179.8 }, 50);
    expect(box.lngRanges).toHaveLength(2);
    expect(box.lngRanges[0]?.[1]).toBe(180);
    expect(box.lngRanges[1]?.[0]).toBe(-180);
    expect(box.lngRanges[1]?.[1]).toBeGreaterThan(-180);
    expect(box.lngRanges[1]?.[1]).toBeLessThan(-179.5);
  });
  it("takes every longitude near a pole", () => {
    expect(boundingBox({ lat: 89.9, lng: 0 }, 50).lngRanges).toEqual([[-180, 180]]);
  });
});

describe("validCoordinates", () => {
  it("accepts numbers and numeric text within range", () => {
    expect(validCoordinates(52.5, 13.4)).toEqual({ lat: 52.5, lng: 13.4 });
    expect(validCoordinates("-33.9", " 151.2 ")).toEqual({ lat: -33.9, lng: 151.2 });
    expect(validCoordinates(90, -180)).toEqual({ lat: 90, lng: -180 });
  });
  it("refuses anything else", () => {
    for (const [a, b] of [
      [91, 0],
      [0, 180.5],
      [Number.NaN, 0],
      [Number.POSITIVE_INFINITY, 0],
      ["1e2", 0],
      ["52,5", 13],
      ["", ""],
      [null, 1],
      [true, 1],
    ])
      expect(validCoordinates(a, b)).toBeNull();
  });
});
