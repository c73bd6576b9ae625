// GET /v1/jobs/{id}: one statement, so the live pointer and the row come from one snapshot.
import { Prisma } from "../generated/prisma/client";
import { catalogDb, liveSnapshot, snapshotCache } from "./live";
import { type JobDbRow, SUMMARY_COLUMNS, toJob } from "./rows";
import { type Job, JobIdSchema } from "./schemas";

const cache = snapshotCache<Job | null>(20_000);

export async function findJob(id: string): Promise<Job | null> {
  // An id that cannot exist is simply not found; no need to ask the database.
  if (!JobIdSchema.safeParse(id).success) return null;
  const live = await liveSnapshot();
  if (!live) return null;
  const hit = cache.get(live.id, id);
  if (hit !== undefined) return hit;
  const rows = await catalogDb(live.id).query<JobDbRow>(jobSql(id, live.id));
  const job = rows[0] ? toJob(rows[0]) : null;
  cache.set(live.id, id, job);
  return job;
}

export function jobSql(id: string, snapshotId: number): Prisma.Sql {
  return Prisma.sql`SELECT ${SUMMARY_COLUMNS}, description FROM jobs WHERE snapshot_id = ${snapshotId} AND id = ${id}`;
}
