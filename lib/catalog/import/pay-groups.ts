// Where each job's pay stands among similar jobs, prepared at import: per title, country and
// currency, the 1st to 99th percentile (percentile_disc) of annualised pay, the midpoint of the
// advertised range, the same amount the salary facets count. A job reads its place from them.
import type pg from "pg";
import { PAY_GROUP_MIN } from "../limits";
import { payAmountSql } from "../pay-amount";
import { partitionName } from "./activate";

const BREAKS = `ARRAY[${Array.from({ length: 99 }, (_, i) => ((i + 1) / 100).toFixed(2)).join(",")}]::float8[]`;

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
