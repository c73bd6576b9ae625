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
import { filterSql, type JobFilters } from "./filters";
import { catalogDb } from "./live";
import { type JobDbRow, SUMMARY_COLUMNS, toJobSummary } from "./rows";
import { titleToTsQuery } from "./tsquery";

/** Changes one filtered page reads at most: a page can come back short, with has_more. */
export const CHANGES_SCAN = 5_000;
const KINDS = { 1: "added", 2: "changed", 3: "removed" } as const;

/** A position in the feed as the opaque text callers hold. */
export function encodeCursor(seq: bigint): string {
  return Buffer.from(`c1:${seq}`).toString("base64url");
}

export function decodeCursor(text: string): bigint | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return null;
  const m = /^c1:(0|[1-9][0-9]{0,18})$/.exec(Buffer.from(text, "base64url").toString("latin1"));
  return m?.[1] ? BigInt(m[1]) : null;
}

type FeedState = { top: bigint; horizon: bigint | null };

/** The last change published, and the last one deleted by retention. */
async function feedState(snapshotId: number): Promise<FeedState> {
  const [row] = await catalogDb(snapshotId).$queryRaw<{ top: string | null; horizon: string | null }[]>(
    Prisma.sql`SELECT max(last_seq)::text AS top, max(last_seq) FILTER (WHERE expired)::text AS horizon FROM job_change_sets`,
  );
  return { top: BigInt(row?.top ?? 0), horizon: row?.horizon ? BigInt(row.horizon) : null };
}

type Row = {
  seq: string;
  job_id: string;
  kind: 1 | 2 | 3;
  seen_at: Date;
  matched: boolean;
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
  const state = await feedState(snapshotId);
  if (query.since === undefined)
    return ok({ items: [], meta: { since: null, next: encodeCursor(state.top), has_more: false } });
  const since = decodeCursor(query.since);
  if (since === null || since > state.top)
    return invalidParam("since", "since: not a cursor this service gave; start again without since.");
  if (state.horizon !== null && since < state.horizon)
    return fail(
      "cursor_expired",
      "since: the changes after this cursor are no longer kept. Resynchronise: list the jobs you follow again with GET /v1/jobs, then call this without since for a new cursor.",
    );
  const filtered = hasFilters(query, filters);
  // A filtered page reads a bounded stretch of the feed: a narrow filter never walks all of it.
  const end = filtered ? min(state.top, since + BigInt(CHANGES_SCAN)) : state.top;
  const rows = await catalogDb(snapshotId).$queryRaw<Row[]>(
    pageSql(since, end, query.per_page + 1, snapshotId, filtered ? filters : null, query.title, expand),
  );
  const page = rows.slice(0, query.per_page);
  const more = rows.length > query.per_page;
  const last = page.at(-1);
  const next = more && last ? BigInt(last.seq) : end;
  return ok({
    items: page.map((r) => item(r, expand)),
    meta: { since: query.since, next: encodeCursor(next), has_more: next < state.top },
  });
}

function item(r: Row, expand: boolean): JobChange {
  const change: JobChange = { id: r.job_id, change: KINDS[r.kind], seen_at: r.seen_at.toISOString() };
  if (!expand) return change;
  return { ...change, job: r.kind !== 3 && r.id ? toJobSummary(r as JobDbRow) : null };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

function hasFilters(query: ChangesQuery, f: JobFilters): boolean {
  return Boolean(query.title) || Object.keys(f).length > 0;
}

/**
 * One page of the feed after `since`, up to `end`. Unfiltered, every change. Filtered, an
 * addition or change is listed when the job, as served now, matches; a removal when its country
 * does (the job's other fields went with it).
 */
function pageSql(
  since: bigint,
  end: bigint,
  limit: number,
  snapshotId: number,
  filters: JobFilters | null,
  title: string | undefined,
  expand: boolean,
): Prisma.Sql {
  const tsquery = title ? titleToTsQuery(title) : null;
  const titleSql = tsquery
    ? Prisma.sql`AND title_id IN (SELECT t.id FROM job_titles t WHERE t.snapshot_id = ${snapshotId} AND t.search @@ to_tsquery('simple', ${tsquery}))`
    : Prisma.empty;
  const cols = expand ? SUMMARY_COLUMNS : Prisma.sql`id`;
  const join =
    filters || expand
      ? Prisma.sql`LEFT JOIN LATERAL (
          SELECT ${cols} FROM jobs
          WHERE snapshot_id = ${snapshotId} AND id = c.job_id ${filters ? filterSql(filters) : Prisma.empty} ${titleSql}
        ) j ON c.kind <> 3`
      : Prisma.empty;
  const matched = filters
    ? Prisma.sql`AND CASE WHEN c.kind = 3 THEN true ${removalCountry(filters)} ELSE j.id IS NOT NULL END`
    : Prisma.empty;
  return Prisma.sql`SELECT c.seq::text AS seq, c.job_id, c.kind, s.seen_at ${expand || filters ? Prisma.sql`, j.*` : Prisma.empty}
    FROM job_changes c JOIN job_change_sets s ON s.snapshot_id = c.snapshot_id AND NOT s.expired
    ${join}
    WHERE c.seq > ${since.toString()}::bigint AND c.seq <= ${end.toString()}::bigint ${matched}
    ORDER BY c.seq LIMIT ${limit}`;
}

/** A removal's country against the country or region filter, as `AND …` inside the CASE. */
function removalCountry(f: JobFilters): Prisma.Sql {
  if (!f.country) return Prisma.empty;
  return Prisma.sql`AND c.country_code = ANY(${f.country.countries}::bpchar[])`;
}
