// A job's coordinates, decided once per record in the loader's thread before it is checked:
// the file's own (JobPosting geo, or latitude/longitude columns) when valid, else the centre of
// its city from the offline gazetteer (lib/places, loaded on the first city it is asked for).
// Coordinates that are not a valid pair are dropped, counted, and the city is placed instead.
import { validCoordinates } from "../../places/distance";
import { cityPoint } from "../../places/gazetteer";
import { countryCode } from "./fast-record";

export type CoordinateCounts = { given: number; fromCity: number; dropped: number };

const blank = (v: unknown) => v === undefined || v === null || v === "";

/** Counts what placeRecord decided, for the import's summary. */
export class Placer {
  readonly counts: CoordinateCounts = { given: 0, fromCity: 0, dropped: 0 };

  /**
   * Sets the record's `latitude` and `longitude` to numbers, or null when its place is unknown.
   * In place: the record is the reader's own fresh object (or the cleaner's copy), and a copy of
   * every job would cost the import more than the lookup does.
   */
  place(record: Record<string, unknown>): Record<string, unknown> {
    const { latitude, longitude } = record;
    if (!blank(latitude) || !blank(longitude)) {
      const point = validCoordinates(latitude, longitude);
      if (point) {
        this.counts.given++;
        record.latitude = point.lat;
        record.longitude = point.lng;
        return record;
      }
      this.counts.dropped++;
    }
    const point = cityOf(record);
    if (point) this.counts.fromCity++;
    record.latitude = point ? point.lat : null;
    record.longitude = point ? point.lng : null;
    return record;
  }
}

function cityOf(record: Record<string, unknown>): { lat: number; lng: number } | null {
  const { city, country } = record;
  if (typeof city !== "string" || typeof country !== "string") return null;
  const name = city.trim();
  const code = countryCode(country);
  return name && code ? cityPoint(name, code) : null;
}
