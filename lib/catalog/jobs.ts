// GET /v1/jobs/{id}: one statement, so the live pointer and the row come from one snapshot.
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { LIVE_SNAPSHOT_ID } from "./live";
import { type JobDbRow, SUMMARY_COLUMNS, toJob } from "./rows";
import { type Job, JobIdSchema } from "./schemas";

export async function findJob(id: string): Promise<Job | null> {
  // An id that cannot exist is simply not found; no need to ask the database.
  if (!JobIdSchema.safeParse(id).success) return null;
  const rows = await db().$queryRaw<JobDbRow[]>(jobSql(id));
  return rows[0] ? toJob(rows[0]) : null;
}

export function jobSql(id: string): Prisma.Sql {
  return Prisma.sql`SELECT ${SUMMARY_COLUMNS}, description FROM jobs
    WHERE snapshot_id = ${LIVE_SNAPSHOT_ID} AND id = ${id}`;
}

