// GET /v1/jobs: filters, stable ordering, and a total that is always exact.
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { liveSnapshot } from "./live";
import { type JobDbRow, SUMMARY_COLUMNS, toJobSummary } from "./rows";
import type { JobSummary } from "./schemas";
import { titleToTsQuery } from "./tsquery";

export type SearchInput = { title?: string; countries?: string[]; page: number; perPage: number };
export type SearchOutput = { total: number; items: JobSummary[] };

/**
 * Order: with a title, best title match first (ts_rank, shorter titles win ties of terms),
 * then newest; without one, newest first. `id` breaks the last ties so pages never overlap.
 */
export async function searchJobs(input: SearchInput): Promise<SearchOutput> {
  const live = await liveSnapshot();
  if (!live) return { total: 0, items: [] };

  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  const where: Prisma.Sql[] = [Prisma.sql`snapshot_id = ${live.id}`];
  const countries = input.countries;
  if (countries?.length === 1) where.push(Prisma.sql`country_code = ${countries[0]}`);
  else if (countries) where.push(Prisma.sql`country_code = ANY(${countries}::text[])`);
  if (tsquery) where.push(Prisma.sql`search @@ to_tsquery('simple', ${tsquery})`);
  const filter = Prisma.join(where, " AND ");

  const order = tsquery
    ? Prisma.sql`ts_rank(search, to_tsquery('simple', ${tsquery}), 1) DESC, posted_at DESC, id`
    : Prisma.sql`posted_at DESC, id`;
  const offset = (input.page - 1) * input.perPage;

  const pageQuery = db().$queryRaw<JobDbRow[]>`
    SELECT ${SUMMARY_COLUMNS} FROM jobs WHERE ${filter} ORDER BY ${order} LIMIT ${input.perPage} OFFSET ${offset}`;
  // Without a title the import's per-country counts are exact; with one, count the matches.
  const countQuery = tsquery
    ? db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM jobs WHERE ${filter}`.then((r) => r[0]?.n ?? 0)
    : Promise.resolve(sumCounts(live.countryCounts, countries));

  const [rows, total] = await Promise.all([pageQuery, countQuery]);
  return { total, items: rows.map(toJobSummary) };
}

function sumCounts(counts: Record<string, number>, countries?: string[]): number {
  const keys = countries ?? Object.keys(counts);
  return keys.reduce((sum, c) => sum + (counts[c] ?? 0), 0);
}
