// The pay history: each snapshot's location pay (salary_history, dated by the snapshot's
// as_of) and what its jobs advertised per country and currency (pay_history, dated by its newest
// posting), recorded when the snapshot goes live, inside its activation's transaction, so a
// failed import records nothing.
import type pg from "pg";
import { SALARY_HISTORY_MONTHS } from "../limits";
import type { AdvertisedPay } from "./pay-groups";

const FIELDS =
  "level, country_code, name_key, as_of, name, median, p10, p25, p75, p90, currency, period, sample_size";

const prune = (table: string) =>
  `DELETE FROM ${table}
   WHERE as_of < (SELECT least(max(as_of), current_date) FROM ${table}) - make_interval(months => $1)`;

/**
 * Upserts the snapshot's rows by location (or country and currency) and date, so a later
 * import of the same date replaces it, then drops dates older than the months kept, counted
 * back from the newest date recorded or today, whichever is earlier (a mistyped future date
 * cannot empty the history).
 */
export async function recordHistory(client: pg.PoolClient, snapshotId: number, advertised?: AdvertisedPay) {
  await client.query(
    `INSERT INTO salary_history (${FIELDS}, snapshot_id)
     SELECT ${FIELDS}, snapshot_id FROM salary_snapshots WHERE snapshot_id = $1
     ON CONFLICT (level, country_code, name_key, as_of) DO UPDATE SET
       name = EXCLUDED.name, median = EXCLUDED.median, p10 = EXCLUDED.p10, p25 = EXCLUDED.p25,
       p75 = EXCLUDED.p75, p90 = EXCLUDED.p90, currency = EXCLUDED.currency, period = EXCLUDED.period,
       sample_size = EXCLUDED.sample_size, snapshot_id = EXCLUDED.snapshot_id`,
    [snapshotId],
  );
  await client.query(prune("salary_history"), [SALARY_HISTORY_MONTHS]);
  if (!advertised?.asOf || advertised.rows.length === 0) return;
  await client.query(
    `INSERT INTO pay_history (country_code, currency, as_of, jobs, p10, p25, p50, p75, p90, snapshot_id)
     SELECT r.country_code, r.currency, $2::date, r.jobs, r.p10, r.p25, r.p50, r.p75, r.p90, $3
     FROM json_to_recordset($1::json) AS r(country_code text, currency text, jobs int, p10 int, p25 int, p50 int, p75 int, p90 int)
     ON CONFLICT (country_code, currency, as_of) DO UPDATE SET
       jobs = EXCLUDED.jobs, p10 = EXCLUDED.p10, p25 = EXCLUDED.p25, p50 = EXCLUDED.p50,
       p75 = EXCLUDED.p75, p90 = EXCLUDED.p90, snapshot_id = EXCLUDED.snapshot_id`,
    [JSON.stringify(advertised.rows), advertised.asOf, snapshotId],
  );
  await client.query(prune("pay_history"), [SALARY_HISTORY_MONTHS]);
}
