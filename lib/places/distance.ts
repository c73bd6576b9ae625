// Great-circle distances on a spherical Earth, and the latitude/longitude box that holds every
// point within a distance (split in two where it crosses the antimeridian).

/** The mean Earth radius (IUGG), in km: the same figure the SQL side uses. */
export const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

export type Point = { lat: number; lng: number };

/** Haversine distance in km. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type Box = { minLat: number; maxLat: number; lngRanges: [number, number][] };

/**
 * Every point within `km` of `p` lies in this box. Near a pole every longitude qualifies; a box
 * that crosses ±180° comes back as two longitude ranges.
 */
export function boundingBox(p: Point, km: number): Box {
  const dLat = km / EARTH_RADIUS_KM / RAD;
  const minLat = Math.max(-90, p.lat - dLat);
  const maxLat = Math.min(90, p.lat + dLat);
  const ratio = Math.sin(km / EARTH_RADIUS_KM) / Math.cos(p.lat * RAD);
  if (minLat <= -90 || maxLat >= 90 || km / EARTH_RADIUS_KM >= Math.PI / 2 || ratio >= 1)
    return { minLat, maxLat, lngRanges: [[-180, 180]] };
  const dLng = Math.asin(ratio) / RAD;
  const lo = p.lng - dLng;
  const hi = p.lng + dLng;
  if (lo < -180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [lo + 360, 180],
        [-180, hi],
      ],
    };
  if (hi > 180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [lo, 180],
        [-180, hi - 360],
      ],
    };
  return { minLat, maxLat, lngRanges: [[lo, hi]] };
}

/** A latitude and longitude pair that can be stored: finite and within range. */
export function validCoordinates(lat: unknown, lng: unknown): Point | null {
  const a = toNumber(lat);
  const b = toNumber(lng);
  if (a === null || b === null) return null;
  if (a < -90 || a > 90 || b < -180 || b > 180) return null;
  return { lat: a, lng: b };
}

function toNumber(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v !== "string" || !/^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(v)) return null;
  return Number(v);
}
