// Advertised pay prepared at import. Where each job's pay stands among similar jobs: per title, country and
// currency, the 1st to 99th percentile (percentile_disc) of annualised pay, the midpoint of the
// advertised range, the same amount the salary facets count. A job reads its place from them.
// And what the snapshot's jobs advertise per country and currency, for the pay history.
import type pg from "pg";
import { PAY_GROUP_MIN, PAY_SAMPLE_MIN } from "../limits";
import { payAmountSql } from "../pay-amount";
import { partitionName } from "./activate";

// percentile_disc(f) takes the row at ceil(n × f), computed in float8: k/100 × n can land a
// hair above a whole number (0.28 × 25 = 7.000000000000001) and take the next row. Each
// fraction is nudged down by far less than 1/n (n < 10,000,000) and far more than float8's
// error, so ceil(n × f) is exactly ceil(k × n / 100).
const BREAKS = `ARRAY[${Array.from({ length: 99 }, (_, i) => `${i + 1}/100.0 - 1e-9`).join(",")}]::float8[]`;

export async function buildPayGroups(client: pg.PoolClient, snapshotId: number): Promise<number> {
  const { rowCount } = await client.query(
    `INSERT INTO pay_groups (snapshot_id, title_id, country_code, currency, jobs, breaks)
     SELECT $1, j.title_id, j.country_code, j.salary_currency, count(*)::int,
       percentile_disc(${BREAKS}) WITHIN GROUP (ORDER BY ${payAmountSql("j")})::int[]
     FROM ${partitionName(snapshotId)} j
     WHERE j.salary_year_min IS NOT NULL AND j.salary_year_max IS NOT NULL AND j.salary_currency IS NOT NULL
     GROUP BY j.title_id, j.country_code, j.salary_currency
     HAVING count(*) >= $2`,
    [snapshotId, PAY_GROUP_MIN],
  );
  return rowCount ?? 0;
}

export type AdvertisedPay = {
  /** YYYY-MM-DD: the snapshot's newest posting; null for a catalog without dates. */
  asOf: string | null;
  rows: {
    country_code: string;
    currency: string;
    jobs: number;
    p10: number;
    p25: number;
    p50: number;
    p75: number;
    p90: number;
  }[];
};

/**
 * The percentiles of advertised pay per country and currency with PAY_SAMPLE_MIN salaried jobs
 * or more, read from the loaded partition before the swap (the swap's transaction stays short).
 */
export async function advertisedPay(client: pg.PoolClient, snapshotId: number): Promise<AdvertisedPay> {
  const t = partitionName(snapshotId);
  // Rounded half up on the float8 itself, as Math.round does in lib/catalog/histogram.ts (a cast
  // to numeric would first cut it to 15 digits).
  const at = (f: number) =>
    `floor(percentile_cont(${f}) WITHIN GROUP (ORDER BY ${payAmountSql("j")}) + 0.5)::int`;
  const { rows } = await client.query(
    `SELECT j.country_code, j.salary_currency AS currency, count(*)::int AS jobs,
       ${at(0.1)} AS p10, ${at(0.25)} AS p25, ${at(0.5)} AS p50, ${at(0.75)} AS p75, ${at(0.9)} AS p90
     FROM ${t} j WHERE j.salary_year_min IS NOT NULL AND j.salary_currency IS NOT NULL
     GROUP BY 1, 2 HAVING count(*) >= $1`,
    [PAY_SAMPLE_MIN],
  );
  const newest = await client.query(`SELECT max(posted_at)::date::text AS d FROM ${t}`);
  return { asOf: (newest.rows[0]?.d as string | null) ?? null, rows };
}
