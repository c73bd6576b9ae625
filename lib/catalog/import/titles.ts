// Titles' counts corrected in SQL once the load has written them (title-counts.ts): the copies
// grouping moves out, the jobs an expiry takes out.
import type pg from "pg";
import { REGIONS } from "../countries";

/** Each (country, region) pair, for SQL to count a country's jobs in its regions too. */
const REGION_PAIRS = Object.entries(REGIONS).flatMap(([region, r]) => r.countries.map((c) => [c, region]));

/**
 * Takes `per` (rows of title_id, country_code, n; its parameters from $4) out of the snapshot's
 * titles' counts: each title's "*", its country and the country's regions. In SQL: after a
 * grouping nearly every title has copies, and reading every title's counts into the importer
 * (and writing them back as one parameter) grows with the catalog, past the importer's heap.
 */
async function subtractPerTitle(
  client: pg.ClientBase,
  snapshotId: number,
  per: string,
  values: unknown[],
): Promise<void> {
  await client.query(subtractSql(per), [
    snapshotId,
    REGION_PAIRS.map((p) => p[0]),
    REGION_PAIRS.map((p) => p[1]),
    ...values,
  ]);
}

/** subtractPerTitle's statement: $1 the snapshot, $2 and $3 the (country, region) pairs. */
function subtractSql(per: string): string {
  return `WITH per AS (${per}),
      reg AS (SELECT * FROM unnest($2::text[], $3::text[]) AS r(country, region)),
      k AS (
        SELECT title_id, '*' AS key, n FROM per
        UNION ALL SELECT title_id, country_code, n FROM per
        UNION ALL SELECT p.title_id, r.region, p.n FROM per p JOIN reg r ON r.country = p.country_code
      ),
      minus AS (
        SELECT title_id, jsonb_object_agg(key, n) AS m
        FROM (SELECT title_id, key, sum(n)::int AS n FROM k GROUP BY 1, 2) x GROUP BY 1
      )
    UPDATE job_titles t SET counts = (
      SELECT jsonb_object_agg(coalesce(a.key, b.key), coalesce(a.value::int, 0) - coalesce(b.value::int, 0))
      FROM jsonb_each(t.counts) a FULL JOIN jsonb_each(minus.m) b ON a.key = b.key
    ) FROM minus WHERE t.snapshot_id = $1 AND t.id = minus.title_id`;
}

/** Takes jobs out of their titles' counts, per title and country (`n` may be negative: added). */
export async function subtractTitleCounts(
  client: pg.ClientBase,
  snapshotId: number,
  jobs: { titleId: number; country: string; n: number }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await subtractPerTitle(
    client,
    snapshotId,
    `SELECT * FROM unnest($4::int[], $5::text[], $6::int[]) AS p(title_id, country_code, n)`,
    [jobs.map((j) => j.titleId), jobs.map((j) => j.country), jobs.map((j) => j.n)],
  );
}

/** Takes the copies an import grouped away (`copies`, their table) out of its titles' counts. */
export async function subtractCopiedTitles(client: pg.ClientBase, snapshotId: number, copies: string) {
  // The import's titles are written after the table's statistics were taken, so the planner takes
  // them for a row or two and joins by a nested loop that aggregates `minus` again for every
  // title: work that grows with the square of the titles. Nearly every title has
  // copies, so a hash join is right here; an expiry's few titles keep their index lookups.
  await client.query("SET enable_nestloop = off");
  try {
    await subtractPerTitle(
      client,
      snapshotId,
      `SELECT title_id, country_code, count(*)::int AS n FROM ${copies} GROUP BY 1, 2`,
      [],
    );
  } finally {
    await client.query("RESET enable_nestloop").catch(() => {});
  }
}
