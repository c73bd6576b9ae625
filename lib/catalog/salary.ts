// GET /v1/salary and /v1/salary/history: a location's pay, by country code or by a place name
// given as `title`: the current snapshot's distribution, or its series across snapshots.
import { Prisma } from "../generated/prisma/client";
import { countryFromName, countryName, toAlpha2 } from "./countries";
import { ADVERTISED_MAX_POINTS, SALARY_HISTORY_MAX_POINTS } from "./limits";
import { catalogDb, liveSnapshot, snapshotCache } from "./live";
import { nameKey } from "./names";
import type { AdvertisedPoint, SalaryHistoryResponse, SalaryPoint, SalaryResponse } from "./salary-schemas";

type PayRow = {
  level: "country" | "city";
  country_code: string;
  name: string;
  median: number;
  p10: number | null;
  p25: number | null;
  p75: number | null;
  p90: number | null;
  currency: string;
  period: "year" | "month" | "hour";
  sample_size: number;
  /** YYYY-MM-DD */
  as_of: string;
};

const COLUMNS = Prisma.sql`level::text, country_code, name, median, p10, p25, p75, p90, currency, period::text, sample_size, as_of::text`;

/** Where a query points: a country, or a city name (with the country it was qualified by). */
type Place = { level: "country"; country: string } | { level: "city"; key: string; country: string | null };

/** "Germany" | "DEU" | "Berlin" | "Berlin, Germany" | "Berlin, DE" → a place, or null. */
function placeOf(q: { country?: string; title?: string }): Place | null {
  const alpha2 = q.country ? toAlpha2(q.country) : null;
  if (alpha2) return { level: "country", country: alpha2 };
  const location = q.title ?? "";
  const asCountry = countryFromName(location);
  if (asCountry) return { level: "country", country: asCountry };
  const [place = "", qualifier] = location.split(",", 2);
  const within = qualifier ? (countryFromName(qualifier) ?? toAlpha2(qualifier)) : null;
  if (qualifier && !within) return null;
  return { level: "city", key: nameKey(place), country: within };
}

/** The rows of a place, in salary_snapshots and salary_history alike. */
function placeWhere(place: Place): Prisma.Sql {
  if (place.level === "country") return Prisma.sql`level = 'country' AND country_code = ${place.country}`;
  const inCountry = place.country ? Prisma.sql`AND country_code = ${place.country}` : Prisma.empty;
  return Prisma.sql`level = 'city' AND name_key = ${place.key} ${inCountry}`;
}

// Several cities share a name (Cambridge GB/US): the one with the larger sample wins.
async function snapshotRow(snapshot: number, place: Place): Promise<PayRow | undefined> {
  const where = placeWhere(place);
  const rows = await catalogDb(snapshot).query<PayRow>(Prisma.sql`
    SELECT ${COLUMNS} FROM salary_snapshots
    WHERE snapshot_id = ${snapshot} AND ${where}
    ORDER BY sample_size DESC, country_code LIMIT 1`);
  return rows[0];
}

/** A row's distribution, each percentile present only when the source gave it. */
function pointOf(row: PayRow): SalaryPoint {
  const percentiles = Object.fromEntries(
    (["p10", "p25", "p75", "p90"] as const).flatMap((p) => (row[p] === null ? [] : [[p, row[p]]])),
  );
  return {
    median: row.median,
    ...percentiles,
    currency: row.currency,
    period: row.period,
    sample_size: row.sample_size,
    as_of: row.as_of,
  };
}

function locationOf(row: PayRow, q: { country?: string }) {
  return {
    matched_on: q.country ? ("country" as const) : ("title_as_location" as const),
    level: row.level,
    location: row.level === "country" ? countryName(row.country_code) : row.name,
    country: row.country_code,
  };
}

type Salary = Omit<SalaryResponse, "reset_local">;
type History = Omit<SalaryHistoryResponse, "reset_local">;
const cache = snapshotCache<Salary | null>(5_000);
const historyCache = snapshotCache<History | null>(2_000);
const cacheKey = (q: { country?: string; title?: string }) =>
  q.country ? `c:${toAlpha2(q.country)}` : `t:${q.title ?? ""}`;

export async function lookupSalary(q: { country?: string; title?: string }): Promise<Salary | null> {
  const live = await liveSnapshot();
  if (!live) return null;
  const hit = cache.get(live.id, cacheKey(q));
  if (hit !== undefined) return hit;
  const place = placeOf(q);
  const row = place ? await snapshotRow(live.id, place) : undefined;
  const salary = row ? { ...locationOf(row, q), ...pointOf(row) } : null;
  cache.set(live.id, cacheKey(q), salary);
  return salary;
}

/**
 * The place's series, oldest first. A city name several countries share is the one
 * /v1/salary answers for (the current snapshot's largest sample), else, for a city the snapshot
 * no longer has, the one whose newest point has the largest sample.
 */
export async function lookupSalaryHistory(q: { country?: string; title?: string }): Promise<History | null> {
  const live = await liveSnapshot();
  if (!live) return null;
  const hit = historyCache.get(live.id, cacheKey(q));
  if (hit !== undefined) return hit;
  const history = await historyFromDatabase(live.id, q);
  historyCache.set(live.id, cacheKey(q), history);
  return history;
}

async function historyFromDatabase(snapshot: number, q: { country?: string; title?: string }) {
  const place = placeOf(q);
  if (!place) return null;
  const db = catalogDb(snapshot);
  let where = placeWhere(place);
  if (place.level === "city") {
    const current = await snapshotRow(snapshot, place);
    const [newest] = current
      ? [current]
      : await db.query<{ country_code: string }>(Prisma.sql`
          SELECT country_code FROM salary_history WHERE ${where}
          ORDER BY as_of DESC, sample_size DESC, country_code LIMIT 1`);
    if (!newest) return null;
    where = placeWhere({ ...place, country: newest.country_code });
  }
  // The newest points, at most what an answer holds, then oldest first.
  const rows = (
    await db.query<PayRow>(Prisma.sql`
      SELECT ${COLUMNS} FROM salary_history WHERE ${where} ORDER BY as_of DESC LIMIT ${SALARY_HISTORY_MAX_POINTS}`)
  ).reverse();
  const latest = rows.at(-1);
  if (place.level === "city") return latest ? { ...locationOf(latest, q), points: rows.map(pointOf) } : null;
  // The newest points, at most what an answer holds; then oldest first, the most common
  // currency first within a date.
  const advertised = (
    await db.query<AdvertisedPoint>(Prisma.sql`
      SELECT as_of::text, currency, 'year' AS period, jobs, p10, p25, p50, p75, p90
      FROM pay_history WHERE country_code = ${place.country}
      ORDER BY as_of DESC, jobs DESC, currency LIMIT ${ADVERTISED_MAX_POINTS}`)
  ).sort((a, b) => a.as_of.localeCompare(b.as_of) || b.jobs - a.jobs || a.currency.localeCompare(b.currency));
  if (!latest && advertised.length === 0) return null;
  return {
    matched_on: q.country ? ("country" as const) : ("title_as_location" as const),
    level: "country" as const,
    location: countryName(place.country),
    country: place.country,
    points: rows.map(pointOf),
    advertised,
  };
}
