// The haversine distance in SQL, the same formula and Earth radius as lib/places/distance.ts, so
// a distance is the same whichever side computes it.
import { Prisma } from "../generated/prisma/client";
import { EARTH_RADIUS_KM } from "../places/distance";

/**
 * Distance in km between two points given as SQL expressions (columns or parameters); NULL when
 * a coordinate is. The root is capped at 1 (rounding can pass it for antipodes) as `s −
 * greatest(s − 1, 0)`, not least(1, s): least() ignores a NULL and would make it half the Earth.
 */
export function kmSql(lat1: Prisma.Sql, lng1: Prisma.Sql, lat2: Prisma.Sql, lng2: Prisma.Sql): Prisma.Sql {
  const root = Prisma.sql`sqrt(power(sin(radians(${lat2} - ${lat1}) / 2), 2)
    + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lng1}) / 2), 2))`;
  return Prisma.sql`(${Prisma.raw(String(2 * EARTH_RADIUS_KM))} * asin(${root} - greatest(${root} - 1, 0)))`;
}

/** kmSql as plain text, for the importer's statements (node-postgres, no Prisma). */
export function kmText(lat1: string, lng1: string, lat2: string, lng2: string): string {
  const sql = kmSql(Prisma.raw(lat1), Prisma.raw(lng1), Prisma.raw(lat2), Prisma.raw(lng2));
  return sql.sql;
}
