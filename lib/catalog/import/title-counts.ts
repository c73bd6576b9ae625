// The distinct titles of a snapshot as the import meets them: an id for each, and how many jobs
// it has per country, per region and in all ("*"), which give title searches their exact totals.
// Held for the whole load, so kept small: a real feed's titles are mostly distinct ("Senior
// Engineer, Payments (Remote)"), and a Map of countries per title cost several times the title's
// own text. Each title keeps its id in one Map and its first country's count in typed arrays;
// only titles met in a second country get a Map of the others.
import type pg from "pg";
import { regionsOf } from "../countries";
import { titleTerms } from "../tsquery";
import { countryCode } from "./fast-record";
import { type LoadMethod, openSink } from "./sink";

const TITLE_COLUMNS = ["snapshot_id", "id", "title", "counts", "terms"] as const;

function countsOf(byCountry: Iterable<[string, number]>): Record<string, number> {
  const counts: Record<string, number> = { "*": 0 };
  for (const [country, n] of byCountry) {
    counts["*"] = (counts["*"] ?? 0) + n;
    counts[country] = n;
    for (const region of regionsOf(country)) counts[region] = (counts[region] ?? 0) + n;
  }
  return counts;
}

export class TitleCounts {
  private readonly ids = new Map<string, number>();
  /** Per title id: its first country (an index into `countries`) and that country's jobs. */
  private firstCountry = new Uint16Array(1_024);
  private firstJobs = new Uint32Array(1_024);
  /** Titles met in more than one country: jobs per other country (by index). */
  private readonly others = new Map<number, Map<number, number>>();
  private readonly countries: string[] = [];
  private readonly countryIndex = new Map<string, number>();

  /** How many distinct titles were met. */
  get size(): number {
    return this.ids.size;
  }

  /** Counts one job of `title` in `country`; returns the title's id. */
  add(title: string, country: string): number {
    const c = this.indexOf(country);
    const known = this.ids.get(title);
    if (known === undefined) {
      const id = this.ids.size + 1;
      this.ids.set(title, id);
      this.room(id);
      this.firstCountry[id] = c;
      this.firstJobs[id] = 1;
      return id;
    }
    if (this.firstCountry[known] === c) this.firstJobs[known] = (this.firstJobs[known] ?? 0) + 1;
    else {
      const more = this.others.get(known) ?? new Map<number, number>();
      more.set(c, (more.get(c) ?? 0) + 1);
      this.others.set(known, more);
    }
    return known;
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

  /** A title's jobs per country, its first country first. */
  *byCountry(id: number): Generator<[string, number]> {
    yield [this.countries[this.firstCountry[id] as number] as string, this.firstJobs[id] as number];
    for (const [c, n] of this.others.get(id) ?? []) yield [this.countries[c] as string, n];
  }

  /** Writes the titles into job_titles, in the import's transaction. */
  async load(client: pg.PoolClient, snapshotId: number, method: LoadMethod): Promise<void> {
    const sink = openSink(client, method, "job_titles", TITLE_COLUMNS);
    for (const [title, id] of this.ids) {
      const counts = JSON.stringify(countsOf(this.byCountry(id)));
      const wait = sink.write([snapshotId, id, title, counts, titleTerms(title).join(" ")]);
      if (wait !== undefined) await wait;
    }
    await sink.end();
  }

  private indexOf(country: string): number {
    let c = this.countryIndex.get(country);
    if (c === undefined) {
      c = this.countries.push(country) - 1;
      this.countryIndex.set(country, c);
    }
    return c;
  }

  /** The typed arrays grown (doubled) to hold `id`. */
  private room(id: number): void {
    if (id < this.firstJobs.length) return;
    const size = Math.max(id + 1, this.firstJobs.length * 2);
    const country = new Uint16Array(size);
    country.set(this.firstCountry);
    const jobs = new Uint32Array(size);
    jobs.set(this.firstJobs);
    this.firstCountry = country;
    this.firstJobs = jobs;
  }
}
