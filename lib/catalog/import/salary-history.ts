// The salary history: each snapshot's location pay, recorded by date (as_of) when the snapshot
// goes live, inside its activation's transaction, so a failed import records nothing.
import type pg from "pg";
import { SALARY_HISTORY_MONTHS } from "../limits";

const FIELDS =
  "level, country_code, name_key, as_of, name, median, p10, p25, p75, p90, currency, period, sample_size";

/**
 * Upserts the snapshot's rows by location and date (a later import of the same date replaces
 * it), then drops dates older than the months kept, counted back from the newest date recorded
 * or today, whichever is earlier (a mistyped future date cannot empty the history).
 */
export async function recordSalaryHistory(client: pg.PoolClient, snapshotId: number): Promise<void> {
  await client.query(
    `INSERT INTO salary_history (${FIELDS}, snapshot_id)
     SELECT ${FIELDS}, snapshot_id FROM salary_snapshots WHERE snapshot_id = $1
     ON CONFLICT (level, country_code, name_key, as_of) DO UPDATE SET
       name = EXCLUDED.name, median = EXCLUDED.median, p10 = EXCLUDED.p10, p25 = EXCLUDED.p25,
       p75 = EXCLUDED.p75, p90 = EXCLUDED.p90, currency = EXCLUDED.currency, period = EXCLUDED.period,
       sample_size = EXCLUDED.sample_size, snapshot_id = EXCLUDED.snapshot_id`,
    [snapshotId],
  );
  await client.query(
    `DELETE FROM salary_history
     WHERE as_of < (SELECT least(max(as_of), current_date) FROM salary_history) - make_interval(months => $1)`,
    [SALARY_HISTORY_MONTHS],
  );
}
