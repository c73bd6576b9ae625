// The distinct titles of a snapshot as the import meets them: an id for each, and how many jobs
// it has per country, per region and in all ("*"), which give title searches their exact totals.
import type pg from "pg";
import { regionsOf } from "../countries";
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

/** Takes the copies an import grouped away out of its titles' counts (group-duplicates.ts). */
export async function subtractTitleCounts(
  client: pg.ClientBase,
  snapshotId: number,
  copies: { titleId: number; country: string; n: number }[],
): Promise<void> {
  if (copies.length === 0) return;
  const ids = [...new Set(copies.map((c) => c.titleId))];
  const { rows } = await client.query<{ id: number; counts: Record<string, number> }>(
    `SELECT id, counts FROM job_titles WHERE snapshot_id = $1 AND id = ANY($2::int[])`,
    [snapshotId, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r.counts]));
  for (const { titleId, country, n } of copies) {
    const counts = byId.get(titleId);
    if (!counts) continue;
    for (const key of ["*", country, ...regionsOf(country)]) counts[key] = (counts[key] ?? 0) - n;
  }
  await client.query(
    `UPDATE job_titles t SET counts = c.counts FROM unnest($2::int[], $3::jsonb[]) AS c(id, counts)
     WHERE t.snapshot_id = $1 AND t.id = c.id`,
    [snapshotId, [...byId.keys()], [...byId.values()].map((c) => JSON.stringify(c))],
  );
}
