// GET /v1/salary: a location median, by country code or by a place name given as `title`.
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { countryFromName, countryName, toAlpha2 } from "./countries";
import { LIVE_SNAPSHOT_ID } from "./live";
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
  as_of: Date;
};

const COLUMNS = Prisma.sql`level, country_code, name, median, currency, period, sample_size, as_of`;

async function countryRow(alpha2: string): Promise<SalaryDbRow | undefined> {
  const rows = await db().$queryRaw<SalaryDbRow[]>`
    SELECT ${COLUMNS} FROM salary_snapshots
    WHERE snapshot_id = ${LIVE_SNAPSHOT_ID} AND level = 'country' AND country_code = ${alpha2}`;
  return rows[0];
}

// Several cities share a name (Cambridge GB/US): the one with the larger sample wins.
async function cityRow(key: string, alpha2: string | null): Promise<SalaryDbRow | undefined> {
  const inCountry = alpha2 ? Prisma.sql`AND country_code = ${alpha2}` : Prisma.empty;
  const rows = await db().$queryRaw<SalaryDbRow[]>`
    SELECT ${COLUMNS} FROM salary_snapshots
    WHERE snapshot_id = ${LIVE_SNAPSHOT_ID} AND name_key = ${key} AND level = 'city' ${inCountry}
    ORDER BY sample_size DESC, country_code LIMIT 1`;
  return rows[0];
}

/** "Germany" | "DEU" | "Berlin" | "Berlin, Germany" | "Berlin, DE" → a snapshot row. */
async function byLocationName(location: string): Promise<SalaryDbRow | undefined> {
  const asCountry = countryFromName(location);
  if (asCountry) return countryRow(asCountry);
  const [place = "", qualifier] = location.split(",", 2);
  const within = qualifier ? (countryFromName(qualifier) ?? toAlpha2(qualifier)) : null;
  if (qualifier && !within) return undefined;
  return cityRow(nameKey(place), within);
}

export async function lookupSalary(q: { country?: string; title?: string }): Promise<Omit<SalaryResponse, "reset_local"> | null> {
  const matchedOn = q.country ? "country" : "title_as_location";
  const row = q.country ? await countryRow(toAlpha2(q.country)!) : await byLocationName(q.title ?? "");
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
    as_of: row.as_of.toISOString().slice(0, 10),
  };
}
