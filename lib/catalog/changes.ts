// The changes feed: what each import added, changed and removed, in the order the imports made
// them (job_changes.seq), paged by an opaque cursor kept in the database, so it means the same
// on every instance and replica and after restarts.
import { fail, invalidParam, ok, type Result } from "../core/result";
import { Prisma } from "../generated/prisma/client";
import {
  CHANGES_EXPANDED_PER_PAGE_MAX,
  type ChangesPage,
  type ChangesQuery,
  type JobChange,
} from "./change-schemas";
import { decodeCursor, encodeCursor } from "./cursor";
import { cityRecheck, filterSql } from "./filter-sql";
import type { JobFilters } from "./filters";
import { kmSql } from "./geo-sql";
import { catalogDb, catalogPrimary } from "./live";
import { type JobDbRow, SUMMARY_COLUMNS, toJobSummary } from "./rows";
import { titleToTsQuery } from "./tsquery";

/** Changes one filtered page reads at most: a page can come back short, with has_more. */
export const CHANGES_SCAN = 5_000;
const KINDS = { 1: "added", 2: "changed", 3: "removed" } as const;

type Row = {
  top: string;
  top_all: string;
  horizon: string | null;
  scanned_to: string | null;
  scanned: number;
  seq: string | null;
  job_id: string;
  kind: 1 | 2 | 3;
  is_left: boolean;
  seen_at: Date;
} & Partial<JobDbRow>;

export type FeedInput = {
  query: ChangesQuery;
  filters: JobFilters;
  snapshotId: number;
};

export async function changesPage(
  input: FeedInput,
): Promise<Result<ChangesPage, "invalid_parameter" | "cursor_expired">> {
  const { query, filters, snapshotId } = input;
  const expand = query.expand === "jobs";
  if (expand && query.per_page > CHANGES_EXPANDED_PER_PAGE_MAX)
    return invalidParam(
      "per_page",
      `per_page: must be at most ${CHANGES_EXPANDED_PER_PAGE_MAX} with expand=jobs (rows carry every job field).`,
    );
  const since = query.since === undefined ? null : decodeCursor(query.since);
  if (query.since !== undefined && since === null) return notOurs();
  const filtered = hasFilters(query, filters);
  // One statement: the feed's bounds and the page are read from one snapshot of the database.
  const sql = pageSql({
    since: since ?? 0n,
    scan: since === null ? 0 : filtered ? CHANGES_SCAN : query.per_page + 1,
    limit: query.per_page + 1,
    snapshotId,
    filters: filtered ? filters : null,
    title: query.title,
    expand,
  });
  let rows = await catalogDb(snapshotId).$queryRaw<Row[]>(sql);
  // A cursor past every change this database knows: a replica that has not yet replayed the
  // expiry another instance's answer came from. The primary knows every cursor given.
  if (since !== null && since > BigInt(rows[0]?.top_all ?? 0))
    rows = await catalogPrimary().$queryRaw<Row[]>(sql);
  const head = rows[0];
  const top = BigInt(head?.top ?? 0);
  if (since === null)
    return ok({ items: [], meta: { since: null, next: encodeCursor(top), has_more: false } });
  if (since > BigInt(head?.top_all ?? 0)) return notOurs();
  if (head?.horizon && since < BigInt(head.horizon))
    return fail(
      "cursor_expired",
      "since: the changes after this cursor are no longer kept. Resynchronise: call this without since for a new cursor, then list the jobs you follow again with GET /v1/jobs, and go on from that cursor.",
    );
  // A cursor from an import this request's snapshot does not hold yet: nothing new until it does.
  if (since > top)
    return ok({ items: [], meta: { since: query.since ?? null, next: query.since ?? "", has_more: false } });
  const found = rows.filter((r) => r.seq !== null);
  const page = found.slice(0, query.per_page);
  const last = page.at(-1);
  const scanEnd =
    filtered && (head?.scanned ?? 0) >= CHANGES_SCAN && head?.scanned_to ? BigInt(head.scanned_to) : top;
  const next = found.length > query.per_page && last?.seq ? BigInt(last.seq) : scanEnd;
  return ok({
    items: page.map((r) => item(r, expand)),
    meta: { since: query.since ?? null, next: encodeCursor(next), has_more: next < top },
  });
}

const notOurs = () =>
  invalidParam("since", "since: not a cursor this service gave; start again without since.");

function item(r: Row, expand: boolean): JobChange {
  const kind = r.is_left ? "left" : KINDS[r.kind];
  const change: JobChange = { id: r.job_id, change: kind, seen_at: r.seen_at.toISOString() };
  if (!expand) return change;
  return {
    ...change,
    job: kind === "added" || kind === "changed" ? (r.id ? toJobSummary(r as JobDbRow) : null) : null,
  };
}

function hasFilters(query: ChangesQuery, f: JobFilters): boolean {
  return Boolean(query.title) || Object.keys(f).length > 0;
}

type PageInput = {
  since: bigint;
  /** Changes read past `since` (none: only the bounds). */
  scan: number;
  limit: number;
  snapshotId: number;
  filters: JobFilters | null;
  title: string | undefined;
  expand: boolean;
};

/**
 * The feed's bounds as this request's snapshot sees them (changes of imports published up to
 * it; `top_all`: of any), then one page after `since`. Unfiltered, every change. Filtered, of
 * the next `scan` changes: an addition or change when the job, as served now, matches; with a
 * country filter alone, a change whose job moved out of it ("left"); a removal when its country
 * matches (the job's other fields went with it).
 */
function pageSql(p: PageInput): Prisma.Sql {
  const { filters, snapshotId } = p;
  const tsquery = p.title ? titleToTsQuery(p.title) : null;
  const titleSql = tsquery
    ? Prisma.sql`AND title_id IN (SELECT t.id FROM job_titles t WHERE t.snapshot_id = ${snapshotId} AND t.search @@ to_tsquery('simple', ${tsquery}))`
    : Prisma.empty;
  const cols = p.expand ? SUMMARY_COLUMNS : Prisma.sql`id`;
  const recheck = filters ? cityRecheck(filters, "jobs") : Prisma.empty;
  // near as a search reads it: the job's own coordinates within the radius, jobs with a city only.
  const near = filters?.near
    ? Prisma.sql`AND city_key IS NOT NULL AND ${kmSql(Prisma.sql`${filters.near.lat}::float8`, Prisma.sql`${filters.near.lng}::float8`, Prisma.sql`latitude`, Prisma.sql`longitude`)} <= ${filters.near.radiusKm}`
    : Prisma.empty;
  const join =
    filters || p.expand
      ? Prisma.sql`LEFT JOIN LATERAL (
          SELECT ${cols} FROM jobs
          WHERE snapshot_id = ${snapshotId} AND id = w.job_id ${filters ? filterSql(filters, { rowsOf: snapshotId }) : Prisma.empty} ${titleSql} ${recheck} ${near}
        ) j ON w.kind <> 3`
      : Prisma.empty;
  const country = filters?.country ? Prisma.sql`= ANY(${filters.country.countries}::bpchar[])` : null;
  // Known only when the country is the whole filter: whether the job before matched anything
  // else is not kept.
  const countryOnly = country && !tsquery && Object.keys(filters ?? {}).length === 1;
  const left = countryOnly
    ? Prisma.sql`(w.kind = 2 AND j.id IS NULL AND w.previous_country_code ${country})`
    : Prisma.sql`false`;
  const matched = filters
    ? Prisma.sql`WHERE CASE WHEN w.kind = 3 THEN ${country ? Prisma.sql`w.country_code ${country}` : Prisma.sql`true`}
        ELSE j.id IS NOT NULL OR ${left} END`
    : Prisma.empty;
  return Prisma.sql`WITH st AS (
      SELECT coalesce(max(last_seq) FILTER (WHERE snapshot_id <= ${snapshotId}), 0) AS top,
        coalesce(max(last_seq), 0) AS top_all, max(last_seq) FILTER (WHERE expired) AS horizon
      FROM job_change_sets
    ),
    -- The feed's own order, read from its primary key: joined to the sets only afterwards, so
    -- the planner never weighs a hash join of the whole range against it.
    w0 AS MATERIALIZED (
      SELECT c.seq, c.job_id, c.kind, c.country_code, c.previous_country_code, c.snapshot_id
      FROM job_changes c
      WHERE c.seq > ${p.since.toString()}::bigint AND c.seq <= (SELECT top FROM st)
      ORDER BY c.seq LIMIT ${p.scan}
    ),
    w AS (
      SELECT w0.*, s.seen_at FROM w0 JOIN job_change_sets s ON s.snapshot_id = w0.snapshot_id
        AND w0.seq BETWEEN s.first_seq AND s.last_seq AND NOT s.expired
    ),
    ws AS (SELECT max(seq)::text AS scanned_to, count(*)::int AS scanned FROM w0),
    page AS (
      SELECT w.seq::text AS seq, w.job_id, w.kind, w.seen_at, ${left} AS is_left ${p.expand || filters ? Prisma.sql`, j.*` : Prisma.empty}
      FROM w ${join} ${matched}
      ORDER BY w.seq LIMIT ${p.limit}
    )
    SELECT st.top::text AS top, st.top_all::text AS top_all, st.horizon::text AS horizon, ws.scanned_to, ws.scanned, page.*
    FROM st CROSS JOIN ws LEFT JOIN page ON true
    ORDER BY page.seq::bigint`;
}
