// GET /v1/salary: a location median, by country code or by a place name given as `title`.
import { Prisma } from "../generated/prisma/client";
import { countryFromName, countryName, toAlpha2 } from "./countries";
import { catalogDb, liveSnapshot, snapshotCache } from "./live";
import { nameKey } from "./names";
import type { SalaryResponse } from "./schemas";

type SalaryDbRow = {
  level: "country" | "city";
  country_code: string;
  name: string;
  median: number;
  currency: string;
  period: "year" | "month" | "hour";
  sample_size: number;
  /** YYYY-MM-DD */
  as_of: string;
};

const COLUMNS = Prisma.sql`level::text, country_code, name, median, currency, period::text, sample_size, as_of::text`;

async function countryRow(snapshot: number, alpha2: string): Promise<SalaryDbRow | undefined> {
  const rows = await catalogDb(snapshot).query<SalaryDbRow>(Prisma.sql`
    SELECT ${COLUMNS} FROM salary_snapshots
    WHERE snapshot_id = ${snapshot} AND level = 'country' AND country_code = ${alpha2}`);
  return rows[0];
}

// Several cities share a name (Cambridge GB/US): the one with the larger sample wins.
async function cityRow(
  snapshot: number,
  key: string,
  alpha2: string | null,
): Promise<SalaryDbRow | undefined> {
  const inCountry = alpha2 ? Prisma.sql`AND country_code = ${alpha2}` : Prisma.empty;
  const rows = await catalogDb(snapshot).query<SalaryDbRow>(Prisma.sql`
    SELECT ${COLUMNS} FROM salary_snapshots
    WHERE snapshot_id = ${snapshot} AND name_key = ${key} AND level = 'city' ${inCountry}
    ORDER BY sample_size DESC, country_code LIMIT 1`);
  return rows[0];
}

/** "Germany" | "DEU" | "Berlin" | "Berlin, Germany" | "Berlin, DE" → a snapshot row. */
async function byLocationName(snapshot: number, location: string): Promise<SalaryDbRow | undefined> {
  const asCountry = countryFromName(location);
  if (asCountry) return countryRow(snapshot, asCountry);
  const [place = "", qualifier] = location.split(",", 2);
  const within = qualifier ? (countryFromName(qualifier) ?? toAlpha2(qualifier)) : null;
  if (qualifier && !within) return undefined;
  return cityRow(snapshot, nameKey(place), within);
}

type Salary = Omit<SalaryResponse, "reset_local">;
const cache = snapshotCache<Salary | null>(5_000);

export async function lookupSalary(q: { country?: string; title?: string }): Promise<Salary | null> {
  const live = await liveSnapshot();
  if (!live) return null;
  const key = q.country ? `c:${toAlpha2(q.country)}` : `t:${q.title ?? ""}`;
  const hit = cache.get(live.id, key);
  if (hit !== undefined) return hit;
  const salary = await fromDatabase(live.id, q);
  cache.set(live.id, key, salary);
  return salary;
}

async function fromDatabase(
  snapshot: number,
  q: { country?: string; title?: string },
): Promise<Salary | null> {
  const matchedOn = q.country ? "country" : "title_as_location";
  const alpha2 = q.country ? toAlpha2(q.country) : null;
  const row = alpha2 ? await countryRow(snapshot, alpha2) : await byLocationName(snapshot, q.title ?? "");
  if (!row) return null;
  return {
    matched_on: matchedOn,
    level: row.level,
    location: row.level === "country" ? countryName(row.country_code) : row.name,
    country: row.country_code,
    median: row.median,
    currency: row.currency,
    period: row.period,
    sample_size: row.sample_size,
    as_of: row.as_of,
  };
}
