// GET /v1/jobs/{id}: one statement, so the live pointer and the row come from one snapshot. A
// copy (job_copies) is found by its own id too.
import { Prisma } from "../generated/prisma/client";
import type { Job } from "./job-schemas";
import { catalogDb, liveSnapshot, snapshotCache } from "./live";
import { payAmountSql } from "./pay-amount";
import { type JobDbRow, SUMMARY_COLUMNS, toJob } from "./rows";
import { JobIdSchema } from "./schemas";

const cache = snapshotCache<Job | null>(20_000);

export async function findJob(id: string): Promise<Job | null> {
  // An id that cannot exist is simply not found; no need to ask the database.
  if (!JobIdSchema.safeParse(id).success) return null;
  const live = await liveSnapshot();
  if (!live) return null;
  let job = cache.get(live.id, id);
  if (job === undefined) {
    const rows = await catalogDb(live.id).query<JobDbRow>(jobSql(id, live.id));
    job = rows[0] ? toJob(rows[0]) : null;
    cache.set(live.id, id, job);
  }
  return job && !expired(job) ? job : null;
}

/**
 * Past its expires_at, a job is gone even in the seconds before expiry takes it out of the
 * snapshot (import/expire-jobs.ts) and while this process still holds it.
 */
export const expired = (job: Pick<Job, "expires_at">, now = Date.now()) =>
  job.expires_at !== null && Date.parse(job.expires_at) <= now;

/**
 * The row, and where its pay stands: the breaks of its title, country and currency below its
 * pay, which is the whole percent of that group's salaried jobs paid less (null: no salary, or
 * a group too small to have breaks).
 */
export function jobSql(id: string, snapshotId: number): Prisma.Sql {
  return Prisma.sql`SELECT ${SUMMARY_COLUMNS}, description,
    (SELECT (SELECT count(*)::int FROM unnest(g.breaks) AS b WHERE b < ${Prisma.raw(payAmountSql("j"))})
     FROM pay_groups g
     WHERE g.snapshot_id = j.snapshot_id AND g.title_id = j.title_id AND g.country_code = j.country_code
       AND g.currency = j.salary_currency AND j.salary_year_min IS NOT NULL) AS pay_percentile
    -- job_copies has the columns of jobs, in order (test/api-duplicates.test.ts holds them so).
    FROM (SELECT * FROM jobs WHERE snapshot_id = ${snapshotId} AND id = ${id}
      UNION ALL SELECT * FROM job_copies WHERE snapshot_id = ${snapshotId} AND id = ${id}) j LIMIT 1`;
}
