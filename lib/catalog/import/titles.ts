// The distinct titles of a snapshot as the import meets them: an id for each, and how many jobs
// it has per country, per region and in all ("*"), which give title searches their exact totals.
import type pg from "pg";
import { REGIONS, regionsOf } from "../countries";
import { titleTerms } from "../tsquery";
import { countryCode } from "./fast-record";
import { type LoadMethod, openSink } from "./sink";

const TITLE_COLUMNS = ["snapshot_id", "id", "title", "counts", "terms"] as const;

// Counted per country as jobs come (one Map update each); "*" and the regions are sums of
// those, added up once per title when the titles are written.
type TitleEntry = { id: number; byCountry: Map<string, number> };

function countsOf(byCountry: Map<string, number>): Record<string, number> {
  const counts: Record<string, number> = { "*": 0 };
  for (const [country, n] of byCountry) {
    counts["*"] = (counts["*"] ?? 0) + n;
    counts[country] = n;
    for (const region of regionsOf(country)) counts[region] = (counts[region] ?? 0) + n;
  }
  return counts;
}

export class TitleCounts {
  private readonly titles = new Map<string, TitleEntry>();

  /** Counts one job of `title` in `country`; returns the title's id. */
  add(title: string, country: string): number {
    let entry = this.titles.get(title);
    if (!entry) {
      entry = { id: this.titles.size + 1, byCountry: new Map() };
      this.titles.set(title, entry);
    }
    entry.byCountry.set(country, (entry.byCountry.get(country) ?? 0) + 1);
    return entry.id;
  }

  /**
   * Counts a job by its record's title and country as the schema will make them (trimmed; ISO
   * alpha-2), before it is validated: 0 when either is unusable, and then the record fails.
   */
  addRecord(record: Record<string, unknown>): number {
    const { title, country } = record;
    const code = typeof country === "string" ? countryCode(country) : null;
    return typeof title === "string" && code ? this.add(title.trim(), code) : 0;
  }

  /** Writes the titles into job_titles, in the import's transaction. */
  async load(client: pg.PoolClient, snapshotId: number, method: LoadMethod): Promise<void> {
    const sink = openSink(client, method, "job_titles", TITLE_COLUMNS);
    for (const [title, { id, byCountry }] of this.titles) {
      const counts = JSON.stringify(countsOf(byCountry));
      const wait = sink.write([snapshotId, id, title, counts, titleTerms(title).join(" ")]);
      if (wait !== undefined) await wait;
    }
    await sink.end();
  }
}

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
  await client.query(
    `WITH per AS (${per}),
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
    ) FROM minus WHERE t.snapshot_id = $1 AND t.id = minus.title_id`,
    [snapshotId, REGION_PAIRS.map((p) => p[0]), REGION_PAIRS.map((p) => p[1]), ...values],
  );
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
  await subtractPerTitle(
    client,
    snapshotId,
    `SELECT title_id, country_code, count(*)::int AS n FROM ${copies} GROUP BY 1, 2`,
    [],
  );
}
