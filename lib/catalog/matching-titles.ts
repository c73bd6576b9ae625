// The titles a title query matches, with their rank, kept per snapshot. A titled search near a
// place reads them in its page, its count and its facets, each statement once; they depend on
// the query and the snapshot's titles alone (not on the place, the filters or any count), so one
// read serves every later request for that title while the snapshot is live.
import { Prisma } from "../generated/prisma/client";
import { catalogDb, snapshotCache } from "./live";

/**
 * PostgreSQL array literals, as the database wrote them (`real` ranks round-trip exactly), best
 * first and, within a rank, the titles with the most jobs first.
 */
type Kept = { ids: string; ranks: string; titles: number };

/**
 * A query matching more titles than this is not kept; it is read by each statement instead.
 * With the number of queries kept, it bounds the memory the arrays take (about 18 bytes a title).
 */
export const MAX_KEPT_TITLES = 20_000;

const kept = snapshotCache<Kept | null>(128);

/**
 * The titles a tsquery matches: `rank`, and `tie`, their order within a rank. A walk of the
 * titles best first reads a tier's titles until one has a job in reach, to learn the tier above
 * is complete: the titles with the most jobs anywhere are the likeliest to have one.
 */
function matchingSql(tsquery: string, snapshotId: number, ranked: boolean): Prisma.Sql {
  const rank = ranked
    ? Prisma.sql`ts_rank(t.search, to_tsquery('simple', ${tsquery}), 1)`
    : Prisma.sql`0::real`;
  return Prisma.sql`SELECT t.id AS title_id, ${rank} AS rank, -coalesce((t.counts ->> '*')::int, 0)::bigint AS tie
    FROM job_titles t WHERE t.snapshot_id = ${snapshotId} AND t.search @@ to_tsquery('simple', ${tsquery})`;
}

/** The matching titles as two array literals (what keepMatchingTitles reads). */
export function matchingTitlesSql(tsquery: string, snapshotId: number): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS titles,
      coalesce(array_agg(title_id ORDER BY rank DESC, tie, title_id), '{}')::text AS ids,
      coalesce(array_agg(rank ORDER BY rank DESC, tie, title_id), '{}')::text AS ranks
    FROM (${matchingSql(tsquery, snapshotId, true)}) c`;
}

/**
 * Reads a title query's matching titles once per snapshot, for titlesOf to use; a query matching
 * more than `max` is remembered as not kept.
 */
export async function keepMatchingTitles(
  snapshotId: number,
  tsquery: string,
  max = MAX_KEPT_TITLES,
): Promise<void> {
  if (kept.get(snapshotId, tsquery) !== undefined) return;
  const rows = await catalogDb(snapshotId).query<Kept>(matchingTitlesSql(tsquery, snapshotId));
  const r = rows[0];
  kept.set(snapshotId, tsquery, r && r.titles <= max ? r : null);
}

/**
 * `c`: the titles a tsquery matches, with their `rank` (0 when not `ranked`) and `tie` (their
 * order within a rank); from the kept arrays when keepMatchingTitles has read them, else from
 * the titles' index.
 */
export function titlesOf(tsquery: string, snapshotId: number, ranked = true): Prisma.Sql {
  const k = kept.get(snapshotId, tsquery);
  if (!k) return Prisma.sql`c AS MATERIALIZED (${matchingSql(tsquery, snapshotId, ranked)})`;
  if (!ranked)
    return Prisma.sql`c AS MATERIALIZED (
      SELECT title_id, 0::real AS rank, 0::bigint AS tie FROM unnest(${k.ids}::int[]) AS c(title_id)
    )`;
  return Prisma.sql`c AS MATERIALIZED (
      SELECT title_id, rank, tie FROM unnest(${k.ids}::int[], ${k.ranks}::real[]) WITH ORDINALITY AS c(title_id, rank, tie)
    )`;
}
