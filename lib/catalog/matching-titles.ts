// The titles a title query matches, with their rank, kept per snapshot. A titled search reads
// them in its page, its count and its facets, each statement once; they depend on the query and
// the snapshot's titles alone (not on the place, the filters, the page or any count: an expiry
// changes titles' counts, never which match or how they rank), so one read serves every later
// request for that title while the snapshot is live (docs/decisions/0037-matching-titles-kept.md).
// titlesCte is the same match read by a statement itself, from the titles' index.

import { log } from "../core/log";
import { Lru } from "../core/lru";
import { Prisma } from "../generated/prisma/client";
import { catalogDb } from "./live";

/**
 * PostgreSQL array literals, as the database wrote them: the titles best first (within a rank,
 * those with the most jobs anywhere first), each title's rank as its tier's number, and the
 * tiers' ranks as `float8`, whose text reads back as the same `real` whatever the server's
 * extra_float_digits.
 */
type Kept = { ids: string; tiers: string; ranks: string };

/**
 * A query matching more titles than this is not kept (a two-letter prefix can match most of
 * them); it is read by each statement instead.
 */
export const MAX_KEPT_TITLES = 20_000;

/** What the kept arrays may take in all, in bytes of their text (about 11 bytes a title). */
const KEPT_BYTES = 32 * 1024 * 1024;

const kept = new Lru<Kept | null>(KEPT_BYTES, (k, key) =>
  k ? 2 * (k.ids.length + k.tiers.length + k.ranks.length) + key.length : 64 + key.length,
);
const reading = new Map<string, Promise<void>>();
const keyOf = (snapshotId: number, tsquery: string) => `${snapshotId}\u0000${tsquery}`;

/** The titles a tsquery matches (`t`, job_titles), with `cols`, and `also` as more conditions. */
function matchingSql(tsquery: string, snapshotId: number, cols: Prisma.Sql, also = Prisma.empty): Prisma.Sql {
  return Prisma.sql`SELECT t.id AS title_id, ${cols}
    FROM job_titles t WHERE t.snapshot_id = ${snapshotId} AND t.search @@ to_tsquery('simple', ${tsquery}) ${also}`;
}

/** A title's rank for a tsquery, as every title search orders by it. */
const rankSql = (tsquery: string) => Prisma.sql`ts_rank(t.search, to_tsquery('simple', ${tsquery}), 1)`;

/**
 * `c`: the titles a tsquery matches, read from the titles' index, with their `rank` and `tie`
 * (0 here: their order within a rank, which only the kept arrays give). With `countsKey` (a
 * country, a region or "*"), only titles with jobs there, and how many, as `n`.
 */
export function titlesCte(
  tsquery: string,
  snapshotId: number,
  countsKey?: string,
  ranked = true,
): Prisma.Sql {
  const n = countsKey === undefined ? Prisma.empty : Prisma.sql`, (t.counts ->> ${countsKey})::int AS n`;
  const there =
    countsKey === undefined ? Prisma.empty : Prisma.sql`AND (t.counts ->> ${countsKey}) IS NOT NULL`;
  // A count needs no order: every title's rank alike (0) spares computing them.
  const rank = ranked ? rankSql(tsquery) : Prisma.sql`0::real`;
  return Prisma.sql`c AS MATERIALIZED (
      ${matchingSql(tsquery, snapshotId, Prisma.sql`${rank} AS rank, 0::bigint AS tie ${n}`, there)}
    )`;
}

/** The matching titles as array literals (what keepMatchingTitles reads); none past `max`. */
export function matchingTitlesSql(tsquery: string, snapshotId: number, max = MAX_KEPT_TITLES): Prisma.Sql {
  // Within a rank, the titles with the most jobs anywhere first: a walk of the titles best first
  // reads a tier's titles until one has a job in reach, to learn the tier above is complete.
  const cols = Prisma.sql`${rankSql(tsquery)} AS rank, -coalesce((t.counts ->> '*')::int, 0)::bigint AS tie`;
  return Prisma.sql`WITH m AS MATERIALIZED (${matchingSql(tsquery, snapshotId, cols)} LIMIT ${max + 1}),
    o AS (
      SELECT title_id, dense_rank() OVER (ORDER BY rank DESC) AS tier,
        row_number() OVER (ORDER BY rank DESC, tie, title_id) AS pos
      FROM m WHERE (SELECT count(*) FROM m) <= ${max}
    )
    SELECT (SELECT count(*) FROM m)::int AS titles,
      (SELECT coalesce(array_agg(title_id ORDER BY pos), '{}')::text FROM o) AS ids,
      (SELECT coalesce(array_agg(tier ORDER BY pos), '{}')::text FROM o) AS tiers,
      (SELECT coalesce(array_agg(r ORDER BY r DESC), '{}')::text FROM (SELECT DISTINCT rank::float8 AS r FROM m) d) AS ranks`;
}

/**
 * Reads a title query's matching titles once per snapshot, for titlesOf to use; a query matching
 * more than `max` is remembered as not kept. Concurrent requests for one title share the read. A
 * read that fails keeps nothing: the statements then match the titles themselves.
 */
export async function keepMatchingTitles(
  snapshotId: number,
  tsquery: string,
  max = MAX_KEPT_TITLES,
): Promise<void> {
  const key = keyOf(snapshotId, tsquery);
  if (kept.get(key) !== undefined) return;
  const pending = reading.get(key);
  if (pending !== undefined) return pending;
  const read = (async () => {
    try {
      const rows = await catalogDb(snapshotId).query<Kept & { titles: number }>(
        matchingTitlesSql(tsquery, snapshotId, max),
      );
      const r = rows[0];
      kept.set(key, r && r.titles <= max ? { ids: r.ids, tiers: r.tiers, ranks: r.ranks } : null);
    } catch (err) {
      log.warn("matching titles not kept", { snapshotId, error: (err as Error).message });
    } finally {
      reading.delete(key);
    }
  })();
  reading.set(key, read);
  return read;
}

/**
 * `c`: the titles a tsquery matches, with their `rank` (0 when not `ranked`) and `tie` (their
 * order within a rank); from the kept arrays when keepMatchingTitles has read them, else from
 * the titles' index (titlesCte).
 */
export function titlesOf(tsquery: string, snapshotId: number, ranked = true): Prisma.Sql {
  const k = kept.get(keyOf(snapshotId, tsquery));
  if (!k) return titlesCte(tsquery, snapshotId, undefined, ranked);
  if (!ranked)
    return Prisma.sql`c AS MATERIALIZED (
      SELECT title_id, 0::real AS rank, 0::bigint AS tie FROM unnest(${k.ids}::int[]) AS c(title_id)
    )`;
  return Prisma.sql`c AS MATERIALIZED (
      SELECT c.title_id, (${k.ranks}::real[])[c.tier] AS rank, c.tie
      FROM unnest(${k.ids}::int[], ${k.tiers}::int[]) WITH ORDINALITY AS c(title_id, tier, tie)
    )`;
}
