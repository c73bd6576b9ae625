// The distinct titles of a snapshot as the import meets them: an id for each, and how many jobs
// it has per country, per region and in all ("*"), which give title searches their exact totals.
import type pg from "pg";
import { regionsOf } from "../countries";
import { titleTerms } from "../tsquery";
import { type LoadMethod, openSink } from "./sink";

const TITLE_COLUMNS = ["snapshot_id", "id", "title", "counts", "terms"] as const;

type TitleEntry = { id: number; counts: Record<string, number> };

// The keys a job counts under in its title's counts: every country, its own, its regions.
const keysByCountry = new Map<string, string[]>();
function countKeys(country: string): string[] {
  let keys = keysByCountry.get(country);
  if (!keys) {
    keys = ["*", country, ...regionsOf(country)];
    keysByCountry.set(country, keys);
  }
  return keys;
}

export class TitleCounts {
  private readonly titles = new Map<string, TitleEntry>();

  /** Counts one job of `title` in `country`; returns the title's id. */
  add(title: string, country: string): number {
    let entry = this.titles.get(title);
    if (!entry) {
      entry = { id: this.titles.size + 1, counts: {} };
      this.titles.set(title, entry);
    }
    for (const key of countKeys(country)) entry.counts[key] = (entry.counts[key] ?? 0) + 1;
    return entry.id;
  }

  /** Writes the titles into job_titles, in the import's transaction. */
  async load(client: pg.PoolClient, snapshotId: number, method: LoadMethod): Promise<void> {
    const sink = openSink(client, method, "job_titles", TITLE_COLUMNS);
    for (const [title, { id, counts }] of this.titles) {
      const wait = sink.write([snapshotId, id, title, JSON.stringify(counts), titleTerms(title).join(" ")]);
      if (wait !== undefined) await wait;
    }
    await sink.end();
  }
}
