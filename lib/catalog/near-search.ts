// Searches near a point. The snapshot's places (job_places, one row per city, built at import)
// within the radius are found first, by a box around the point and their exact distance; then
// each place's jobs are read through the city index, newest first (or in the search's order),
// no more per place than the page needs. A place whose jobs all sit on its point and all have
// coordinates is read from index entries alone, at the place's distance; any other is read with
// each job's own coordinates, rechecked against the radius.
import { Prisma } from "../generated/prisma/client";
import { boundingBox } from "../places/distance";
import { cityRecheck, countrySql, filterSql } from "./filter-sql";
import type { FilteredInput } from "./filtered-search";
import { hasRowFilters, type JobFilters } from "./filters";
import { kmSql } from "./geo-sql";
import { catalogDb, snapshotCache } from "./live";
import { titlesOf } from "./matching-titles";
import type { NearFilter } from "./near";
import { SUMMARY_COLUMNS } from "./rows";

/**
 * Places whose jobs lie at most this far from their point are found by a box around the
 * search's point widened by it; the few wider ones (jobs geocoded far apart under one city
 * name) are always looked at, through their own index.
 */
export const WIDE_PLACE_KM = 50;

const ROW_ORDER = {
  date: "posted_at DESC, id",
  relevance: "rank DESC, posted_at DESC, id",
  salary_desc: "salary_year_max DESC NULLS LAST, posted_at DESC, id",
  salary_asc: "salary_year_min ASC NULLS LAST, posted_at DESC, id",
  distance: "distance, posted_at DESC, id",
  first_seen: "first_seen_at DESC NULLS LAST, posted_at DESC, id",
} as const;

type NearInput = FilteredInput & { filters: JobFilters & { near: NearFilter } };

const point = (near: NearFilter) =>
  [Prisma.sql`${near.lat}::float8`, Prisma.sql`${near.lng}::float8`] as const;

/**
 * `pl`: the places within reach, with their distance `d`, whether they can be read fast (every
 * job on the place's point), and whether every job of theirs is within the radius (`whole`).
 */
export function placesCte(near: NearFilter, f: JobFilters, snapshotId: number): Prisma.Sql {
  const box = boundingBox(near, near.radiusKm + WIDE_PLACE_KM);
  const lng = Prisma.join(
    box.lngRanges.map(([lo, hi]) => Prisma.sql`longitude BETWEEN ${lo}::float8 AND ${hi}::float8`),
    " OR ",
  );
  const d = kmSql(Prisma.raw("latitude"), Prisma.raw("longitude"), ...point(near));
  return Prisma.sql`pl AS MATERIALIZED (
      SELECT city_key, country_code, jobs, d, spread_km = 0 AND complete AS fast,
        complete AND d + spread_km <= ${near.radiusKm}::float8 AS whole FROM (
        SELECT city_key, country_code, jobs, spread_km, complete, ${d} AS d FROM job_places
        WHERE snapshot_id = ${snapshotId} ${countrySql(f.country)} AND (
          (latitude BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8 AND (${lng}) AND spread_km <= ${WIDE_PLACE_KM}::float8)
          OR spread_km > ${WIDE_PLACE_KM}::float8)
      ) x WHERE d - spread_km <= ${near.radiusKm}::float8
    )`;
}

/**
 * Each place's matches, fast places and the others, at most `window` per place (null: no
 * limit), ordered within the place when `ordered`.
 */
function perPlace(
  input: NearInput,
  snapshotId: number,
  cols: Prisma.Sql,
  window: number | null,
  ordered: boolean,
) {
  const { near } = input.filters;
  const titles = input.tsquery ? Prisma.sql`JOIN c USING (title_id)` : Prisma.empty;
  const rank = input.tsquery ? Prisma.sql`, c.rank` : Prisma.sql`, 0::real AS rank`;
  const where = Prisma.sql`jobs.snapshot_id = ${snapshotId} AND jobs.city_key = pl.city_key
    AND jobs.country_code = pl.country_code ${filterSql(input.filters)}`;
  const order = ordered ? Prisma.raw(`ORDER BY ${ROW_ORDER[input.sort]}`) : Prisma.empty;
  const limit = window === null ? Prisma.empty : Prisma.sql`LIMIT ${window}`;
  const d = kmSql(Prisma.raw("jobs.latitude"), Prisma.raw("jobs.longitude"), ...point(near));
  return Prisma.sql`SELECT j.* FROM pl CROSS JOIN LATERAL (
        SELECT ${cols} ${rank}, pl.d AS distance FROM jobs ${titles} WHERE ${where} ${order} ${limit}
      ) j WHERE pl.fast
      UNION ALL
      SELECT j.* FROM pl CROSS JOIN LATERAL (
        SELECT * FROM (
          SELECT ${cols} ${rank}, ${d} AS distance FROM jobs ${titles} WHERE ${where} AND jobs.latitude IS NOT NULL
        ) r WHERE distance <= ${near.radiusKm}::float8 ${order} ${limit}
      ) j WHERE NOT pl.fast`;
}

/**
 * Each matching title's matches in the places' countries, newest first, the places checked on
 * the title index's entries (its city key): for a title with fewer jobs there than the places
 * have. Only when every place is fast, so each row's distance is its place's.
 */
function perTitle(input: NearInput, snapshotId: number, cols: Prisma.Sql, window: number, ordered: boolean) {
  // At most `window` rows per title, read through its listing: exact bits decide q there.
  const where = Prisma.sql`jobs.snapshot_id = ${snapshotId} AND jobs.title_id = c.title_id
    AND jobs.country_code = k.country_code AND jobs.city_key = ANY(k.keys) ${filterSql(input.filters, { rowsOf: snapshotId })}`;
  const order = ordered ? Prisma.sql`ORDER BY jobs.posted_at DESC, jobs.id` : Prisma.empty;
  // Best first, so a page by rank can end with the tier that fills it (an incremental sort);
  // within a rank in the titles' own order (matching-titles.ts).
  const titles =
    ordered && input.sort === "relevance"
      ? Prisma.sql`(SELECT * FROM c ORDER BY rank DESC, tie) c`
      : Prisma.sql`c`;
  // The titles outermost, each row's distance read from its country's places: a join after the
  // titles, or the countries' loop outside theirs, would read the titles out of order.
  return Prisma.sql`SELECT j.*, c.rank FROM ${titles} CROSS JOIN LATERAL (
        SELECT x.* FROM k CROSS JOIN LATERAL (
          SELECT ${cols}, k.ds[array_position(k.keys, jobs.city_key)] AS distance
          FROM jobs WHERE ${where} ${order} LIMIT ${window}
        ) x
      ) j`;
}

/** The matches of every place, through the places' or the titles' entries (input.lead). */
function matches(input: NearInput, snapshotId: number, cols: Prisma.Sql, window: number, ordered: boolean) {
  return input.tsquery && input.lead === "title"
    ? perTitle(input, snapshotId, cols, window, ordered)
    : perPlace(input, snapshotId, cols, window, ordered);
}

function withs(input: NearInput, snapshotId: number, ranked = true): Prisma.Sql {
  const places = placesCte(input.filters.near, input.filters, snapshotId);
  if (!input.tsquery) return places;
  // `k`: the places' keys and distances by country, for the titles' walk.
  return Prisma.sql`${titlesOf(input.tsquery, snapshotId, ranked)}, ${places},
    k AS MATERIALIZED (
      SELECT country_code, array_agg(city_key ORDER BY city_key) AS keys, array_agg(d ORDER BY city_key) AS ds
      FROM pl GROUP BY 1
    )`;
}

/** One page of matches in order: id, posted_at, distance, the position n, and any indexed `extra`. */
export function nearMatchesSql(
  input: NearInput,
  snapshotId: number,
  extra: readonly string[] = [],
): Prisma.Sql {
  const seen = input.sort === "first_seen" ? ["first_seen_at"] : [];
  const names = [...new Set(["id", "posted_at", "salary_year_min", "salary_year_max", ...seen, ...extra])];
  const cols = Prisma.raw(names.map((n) => `jobs.${n}`).join(", "));
  const window = input.offset + input.limit;
  const order = Prisma.raw(ROW_ORDER[input.sort]);
  return Prisma.sql`WITH ${withs(input, snapshotId)}
    SELECT p.*, row_number() OVER () AS n FROM (
      SELECT * FROM (${matches(input, snapshotId, cols, window, true)}) u
      ORDER BY ${order} LIMIT ${input.limit} OFFSET ${input.offset}
    ) p`;
}

/** One page of a search near a point, in order, with the rows' columns and their distance. */
export function nearPageSql(input: NearInput, snapshotId: number): Prisma.Sql {
  return Prisma.sql`SELECT ${SUMMARY_COLUMNS}, p.distance
    FROM (SELECT id, posted_at, n, distance FROM (${nearMatchesSql(input, snapshotId)}) m) p
    JOIN jobs USING (id, posted_at) WHERE jobs.snapshot_id = ${snapshotId} ${cityRecheck(input.filters, "jobs")}
    ORDER BY p.n`;
}

/**
 * What looking one title up in one place costs, in the places' jobs: a lookup costs several
 * rows' reads, and a big place has far fewer rows of titles than jobs (bench:near).
 */
const PROBE_ROWS = 16;

/**
 * How many jobs match, counting no further than `cap` (`n`). A titled search with no other
 * filter but country whose places lie wholly within the radius adds up the places' counts of
 * its titles instead (`whole`: exact however large), while they are right for the live pointer's
 * revision (read in the same statement): a snapshot imported before them has none, and an
 * expiry by a build that does not keep them leaves them behind. Only the branch taken runs.
 */
export function nearCountSql(input: NearInput, snapshotId: number, cap: number): Prisma.Sql {
  const count = Prisma.sql`(SELECT count(*)::int FROM (
      SELECT 1 FROM (${matches(input, snapshotId, Prisma.raw("jobs.id"), cap, false)}) u LIMIT ${cap}
    ) x)`;
  if (!addsPlaceTitles(input.filters, input.tsquery))
    return Prisma.sql`WITH ${withs(input, snapshotId, false)} SELECT ${count} AS n, false AS whole`;
  const onPlace = Prisma.sql`pt.snapshot_id = ${snapshotId} AND pt.city_key = pl.city_key AND pt.country_code = pl.country_code`;
  // Each title looked up in each place when that reads less than the places' rows of titles: a
  // specific title in a big city (LIMIT 1, a key's one row, keeps each lookup its own). Else the
  // places' rows, matched by hash.
  return Prisma.sql`WITH ${withs(input, snapshotId, false)}
    SELECT CASE WHEN NOT t.whole THEN ${count}
      WHEN (SELECT count(*) FROM c) * (SELECT count(*) FROM pl) * ${PROBE_ROWS} < (SELECT sum(jobs) FROM pl) THEN (
        SELECT coalesce(sum(x.jobs), 0)::int FROM pl CROSS JOIN c
          CROSS JOIN LATERAL (
            SELECT pt.jobs FROM job_place_titles pt WHERE ${onPlace} AND pt.title_id = c.title_id LIMIT 1
          ) x
      ) ELSE (
        SELECT coalesce(sum(pt.jobs), 0)::int FROM pl JOIN job_place_titles pt ON ${onPlace}
          JOIN c ON c.title_id = pt.title_id
      ) END AS n, t.whole
    FROM (
      -- False, never NULL, when the snapshot has none or is no longer live: NULL would skip the count.
      SELECT coalesce(coalesce(bool_and(whole), true)
          AND (SELECT place_titles_revision FROM catalog_snapshots WHERE id = ${snapshotId})
            = (SELECT revision FROM catalog_live WHERE id = 1 AND snapshot_id = ${snapshotId}), false) AS whole
      FROM pl
    ) t`;
}

/** Whether a search's count near a point may add up its places' titles (nearCountSql). */
export function addsPlaceTitles(f: JobFilters, tsquery: string | null): boolean {
  return isNear(f) && tsquery !== null && !hasRowFilters({ ...f, near: undefined });
}

/** The places' own counts: exact when every place lies wholly within the radius. */
export function nearPlacesTotalSql(f: JobFilters & { near: NearFilter }, snapshotId: number): Prisma.Sql {
  return Prisma.sql`WITH ${placesCte(f.near, f, snapshotId)}
    SELECT coalesce(bool_and(whole), true) AS whole, coalesce(sum(jobs), 0)::int AS n FROM pl`;
}

const totals = snapshotCache<number | null>(5_000);

/**
 * The exact total of a search near a point when the places' counts give it: no title, no filter
 * but country, and every place within reach wholly within the radius. Null otherwise (with a
 * title, nearCountSql may still add up the places' titles).
 */
export async function nearExactTotal(
  snapshotId: number,
  f: JobFilters & { near: NearFilter },
  tsquery: string | null,
): Promise<number | null> {
  if (tsquery || hasRowFilters({ ...f, near: undefined })) return null;
  const key = JSON.stringify([f.near, f.country?.code ?? null]);
  const known = totals.get(snapshotId, key);
  if (known !== undefined) return known;
  const rows = await catalogDb(snapshotId).query<{ whole: boolean; n: number }>(
    nearPlacesTotalSql(f, snapshotId),
  );
  const r = rows[0];
  const total = r?.whole ? r.n : null;
  totals.set(snapshotId, key, total);
  return total;
}

export function isNear(f: JobFilters): f is JobFilters & { near: NearFilter } {
  return f.near !== undefined;
}
