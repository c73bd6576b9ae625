// A job's copies: the postings an import grouped under it (lib/catalog/import/group-duplicates.ts),
// kept out of searches in job_copies and read here by the job they copy.
import { Prisma } from "../generated/prisma/client";
import { COPIES_LISTED, type JobSummary } from "./job-schemas";
import { expired } from "./jobs";
import { catalogDb, liveSnapshot, snapshotCache } from "./live";
import { type JobDbRow, SUMMARY_COLUMNS, toJobSummary } from "./rows";
import { JobIdSchema } from "./schemas";

/** With collapse=false: each row that has copies lists them (earliest seen first), from its snapshot. */
export async function withCopies(items: readonly JobSummary[], snapshotId: number): Promise<JobSummary[]> {
  const ids = items.filter((i) => i.duplicates > 0).map((i) => i.id);
  if (ids.length === 0) return [...items];
  const rows = await catalogDb(snapshotId).query<JobDbRow>(Prisma.sql`
    SELECT ${SUMMARY_COLUMNS} FROM unnest(${ids}::varchar[]) AS c(canonical)
    CROSS JOIN LATERAL (
      SELECT ${SUMMARY_COLUMNS} FROM job_copies
      WHERE snapshot_id = ${snapshotId} AND duplicate_of = c.canonical
      ORDER BY first_seen_at, id LIMIT ${COPIES_LISTED}) k`);
  const byJob = new Map<string | null, JobSummary[]>();
  for (const r of rows) byJob.set(r.duplicate_of, [...(byJob.get(r.duplicate_of) ?? []), toJobSummary(r)]);
  return items.map((i) => (i.duplicates > 0 ? { ...i, copies: byJob.get(i.id) ?? [] } : i));
}

export type DuplicateGroup = {
  items: JobSummary[];
  meta: { canonical_id: string; total: number; has_more: boolean };
};

const LISTED = 100;
/** A group, and when the job asked for expires (by id, a job is gone from that moment). */
const groups = snapshotCache<{ group: DuplicateGroup | null; expiresAt: string | null }>(5_000);

/**
 * The other postings of a job's group, the job searches show first: for a served job its
 * copies, for a copy the served job and the other copies. null when no job has this id.
 */
export async function duplicatesOf(id: string): Promise<DuplicateGroup | null> {
  if (!JobIdSchema.safeParse(id).success) return null;
  const live = await liveSnapshot();
  if (!live) return null;
  const hit = groups.get(live.id, id) ?? (await readGroup(live.id, id));
  return hit.expiresAt && expired({ expires_at: hit.expiresAt }) ? null : hit.group;
}

async function readGroup(s: number, id: string) {
  const rows = await catalogDb(s).query<
    JobDbRow & { canonical: string; total: number; mine: Date | null }
  >(Prisma.sql`
    WITH me AS (
      SELECT id AS canonical, expires_at FROM jobs WHERE snapshot_id = ${s} AND id = ${id}
      UNION ALL SELECT duplicate_of, expires_at FROM job_copies WHERE snapshot_id = ${s} AND id = ${id}
      LIMIT 1),
    total AS (SELECT count(*)::int AS n FROM job_copies, me WHERE snapshot_id = ${s} AND duplicate_of = me.canonical)
    SELECT me.canonical, me.expires_at AS mine, (SELECT n FROM total) AS total, g.* FROM me LEFT JOIN LATERAL (
      (SELECT 0 AS ord, ${SUMMARY_COLUMNS} FROM jobs WHERE snapshot_id = ${s} AND id = me.canonical AND id <> ${id})
      UNION ALL
      (SELECT 1 AS ord, ${SUMMARY_COLUMNS} FROM job_copies WHERE snapshot_id = ${s} AND duplicate_of = me.canonical AND id <> ${id}
       ORDER BY first_seen_at, id LIMIT ${LISTED})
      ORDER BY ord, first_seen_at, id LIMIT ${LISTED}) g ON true`);
  const first = rows[0];
  let group: DuplicateGroup | null = null;
  if (first) {
    const items = rows.filter((r) => r.id !== null).map(toJobSummary);
    // The group less the job asked for: a served job's copies; for a copy, the served job and
    // the other copies; as many either way.
    const total = first.total;
    group = { items, meta: { canonical_id: first.canonical, total, has_more: total > items.length } };
  }
  const found = { group, expiresAt: first?.mine ? first.mine.toISOString() : null };
  groups.set(s, id, found);
  return found;
}
