// Jobs past their expires_at leave the live snapshot without waiting for the next import: taken
// out of searches, totals, facets and titles' counts, reported by the changes feed, and in a
// group whose served job expired, its best copy left is served instead.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireDueJobs } from "@/lib/catalog/expiry-worker";
import { expireJobs } from "@/lib/catalog/import/expire-jobs";
import { EXPIRY_LOCK, IMPORT_LOCK } from "@/lib/catalog/import/import-lock";
import { invalidateLiveSnapshot } from "@/lib/catalog/live";
import { job, loadCatalog, type Rec } from "./support/fixtures";
import { getJson } from "./support/http";
import { countedCounts, keptCounts, placesOutOfBounds } from "./support/kept-counts";
import { AD, nurse, PAY } from "./support/ward-ads";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
const DAY = 86_400_000;
const T = Date.now();
const inDays = (n: number) => new Date(T + n * DAY).toISOString();

const CLERK = `Ward Clerk for our busy surgical ward in Leeds: greet patients and visitors, book
transport and appointments, keep the ward's records and the bed board up to date, order stationery
and supplies, take messages for the nursing team and answer the phone with care. Monday to Friday,
eight until four, with a pension, 27 days of leave and free parking. Experience of hospital
systems helps; training is given. Saint Mary Hospital is an equal opportunities employer.`;

const JOBS: Rec[] = [
  // A group of three: the employer's ad (served: link and pay), a repost, an agency's copy.
  nurse("ex-a", 3, { company: "Saint Mary Hospital", ...PAY, expires_at: inDays(10) }),
  nurse("ex-a-2", 1, {
    company: "Saint Mary Hospital",
    apply_url: "",
    description: `${AD}\n\nReposted.`,
    expires_at: inDays(5),
  }),
  nurse("ex-a-agency", 2, {
    company: "Harbour Personnel",
    apply_url: "",
    description: `Harbour Personnel is recruiting for a client in Leeds.\n\n${AD}\n\nHarbour Personnel acts as an agency.`,
    expires_at: inDays(20),
  }),
  // A second group in Leeds whose served job expires with ex-a's: two copies served in one place.
  job("ex-f", "Ward Clerk", "GB", 3, { city: "Leeds", description: CLERK, ...PAY, expires_at: inDays(10) }),
  job("ex-f-agency", "Ward Clerk", "GB", 2, {
    city: "Leeds",
    company: "Harbour Personnel",
    apply_url: "",
    description: `Harbour Personnel is recruiting for a client in Leeds.\n\n${CLERK}\n\nHarbour Personnel acts as an agency.`,
    latitude: 53.9,
    longitude: -1.6,
  }),
  job("ex-b", "Data Engineer", "DE", 2, { city: "Berlin", remote: "remote", expires_at: inDays(1) }),
  job("ex-c", "Data Engineer", "DE", 4, { city: "Berlin", remote: "remote" }),
  job("ex-d", "Data Engineer", "DE", 5, { city: "Munich", expires_at: inDays(30) }),
  job("ex-e", "Barista", "GB", 1, { city: "York" }),
];

type Item = { id: string; change?: string; duplicates?: number; duplicate_of?: string | null };
const ids = (items: Item[]) => items.map((i) => i.id).sort();
let start: string;

async function expireAt(days: number) {
  const out = await expireJobs(client, { now: new Date(T + days * DAY) });
  invalidateLiveSnapshot(); // as the expiry loop does
  // Whatever it took out, what the snapshot keeps agrees with its rows.
  expect(await keptCounts(client)).toEqual(await countedCounts(client));
  expect(await placesOutOfBounds(client)).toEqual([]);
  // The places' titles' counts say they are right for the pointer's revision.
  expect(await placeTitlesRevisions()).toEqual({
    counts: out?.revision ?? expect.any(Number),
    live: out?.revision ?? expect.any(Number),
  });
  return out;
}

const LIVE_PLACE_TITLES =
  "SELECT title_id, jobs FROM job_place_titles WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live) ORDER BY 1";

async function placeTitlesRevisions() {
  const { rows } = await client.query(
    `SELECT s.place_titles_revision AS counts, l.revision AS live
     FROM catalog_live l JOIN catalog_snapshots s ON s.id = l.snapshot_id`,
  );
  return rows[0];
}

beforeAll(async () => {
  await client.connect();
  const loaded = await loadCatalog(JOBS, null, "expiry");
  expect(loaded.duplicates).toMatchObject({ groups: 2, copies: 3 });
  // The titles' counts (per country and region) lost the copies grouped away, as the rows say.
  expect(await keptCounts(client)).toEqual(await countedCounts(client));
  start = (await getJson("/v1/jobs/changes")).body.meta.next;
  // What an import killed before its swap leaves in the feed (its changes are written as it
  // loads): rows of a snapshot that never went live, below the next expiry's.
  await client.query(
    `INSERT INTO job_changes (snapshot_id, job_id, kind, country_code)
     SELECT (SELECT max(id) + 1 FROM catalog_snapshots), 'killed-' || n, 1, 'DE' FROM generate_series(1, 150) n`,
  );
});
afterAll(async () => {
  await client.end();
  await loadCatalog();
});

describe("a job past its expires_at", () => {
  it("is still served before then, with nothing to take out", async () => {
    expect(await expireAt(0.5)).toBeNull();
    expect((await getJson("/v1/jobs?country=DE")).body.meta.total).toBe(3);
  });

  it("leaves searches, totals, facets and its title's count", async () => {
    const out = await expireAt(2);
    expect(out).toMatchObject({ removed: 1, copies: 0, promoted: 0, revision: 1 });
    const de = (await getJson("/v1/jobs?country=DE")).body;
    expect(ids(de.items)).toEqual(["ex-c", "ex-d"]);
    expect(de.meta).toMatchObject({ total: 2, total_exact: true });
    // Answered from the kept counts: per combination of filters, per title, per country.
    expect((await getJson("/v1/jobs?country=DE&remote=remote")).body.meta.total).toBe(1);
    expect((await getJson("/v1/jobs?title=data%20engineer")).body.meta.total).toBe(2);
    const facets = (await getJson("/v1/jobs/facets?country=DE")).body;
    expect(facets.countries).toEqual([{ value: "DE", count: 2 }]);
    const everywhere = (await getJson("/v1/jobs/facets")).body;
    expect(everywhere.countries).toContainEqual({ value: "DE", count: 2 });
  });

  it("is not found by its id", async () => {
    expect((await getJson("/v1/jobs/ex-b")).status).toBe(404);
  });

  it("is listed by the changes feed as removed, after the import's changes", async () => {
    const { body } = await getJson(`/v1/jobs/changes?since=${start}`);
    expect(body.items.map((c: Item) => [c.id, c.change])).toEqual([["ex-b", "removed"]]);
    // The killed import's leftovers went with the expiry that published after them.
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM job_changes WHERE job_id LIKE 'killed-%'",
    );
    expect(rows[0].n).toBe(0);
    const narrowed = (await getJson(`/v1/jobs/changes?since=${start}&country=GB`)).body;
    expect(narrowed.items).toEqual([]);
  });

  it("is found again by nothing once taken out: a second run has nothing to do", async () => {
    expect(await expireAt(2)).toBeNull();
  });
});

describe("an expired copy and an expired served job of one group", () => {
  it("a copy leaves its group's count and list", async () => {
    const before = (await getJson("/v1/jobs/ex-a")).body;
    expect(before.duplicates).toBe(2);
    const out = await expireAt(6);
    expect(out).toMatchObject({ removed: 0, copies: 1, promoted: 0, revision: 2 });
    expect((await getJson("/v1/jobs/ex-a")).body.duplicates).toBe(1);
    expect((await getJson("/v1/jobs/ex-a-2")).status).toBe(404);
    const group = (await getJson("/v1/jobs/ex-a/duplicates")).body;
    expect(ids(group.items)).toEqual(["ex-a-agency"]);
  });

  it("when the served job expires, its best copy left is served in its place", async () => {
    const servedBefore = (await getJson("/v1/jobs/ex-a")).body;
    const out = await expireAt(11);
    expect(out).toMatchObject({ removed: 2, copies: 0, promoted: 2, revision: 3 });
    const { body } = await getJson("/v1/jobs?title=registered%20nurse&country=GB");
    expect(body.items.map((i: Item) => [i.id, i.duplicate_of, i.duplicates])).toEqual([
      ["ex-a-agency", null, 0],
    ]);
    expect(body.meta.total).toBe(1);
    const promoted = (await getJson("/v1/jobs/ex-a-agency")).body;
    // It keeps the group's first sighting.
    expect(promoted.first_seen_at).toBe(servedBefore.first_seen_at);
    // Its words are made as it is served: keyword search finds it, by the agency's name too.
    expect(ids((await getJson("/v1/jobs?q=preceptorship")).body.items)).toEqual(["ex-a-agency"]);
    expect(ids((await getJson("/v1/jobs?q=harbour%20personnel")).body.items)).toEqual([
      "ex-a-agency",
      "ex-f-agency",
    ]);
    // Two copies served in one place, one of them at its own point farther out.
    const near = (await getJson("/v1/jobs?near=Leeds,%20GB&radius_km=25")).body;
    expect(ids(near.items)).toEqual(["ex-a-agency", "ex-f-agency"]);
    expect(near.meta).toMatchObject({ total: 2, total_exact: true });
    const close = (await getJson("/v1/jobs?near=Leeds,%20GB&radius_km=5")).body;
    expect(ids(close.items)).toEqual(["ex-a-agency"]);
    expect(close.meta.total).toBe(1);
    expect((await getJson("/v1/jobs/facets?country=GB")).body.countries).toEqual([{ value: "GB", count: 3 }]);
  });

  it("the feed lists the served job removed and the copy added", async () => {
    const { body } = await getJson(`/v1/jobs/changes?since=${start}`);
    expect(body.items.map((c: Item) => [c.id, c.change])).toEqual([
      ["ex-b", "removed"],
      ["ex-a", "removed"],
      ["ex-f", "removed"],
      ["ex-a-agency", "added"],
      ["ex-f-agency", "added"],
    ]);
    const sets = await client.query(
      "SELECT revision, added, removed FROM job_change_sets WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live) ORDER BY revision",
    );
    expect(sets.rows.filter((r) => r.revision > 0)).toEqual([
      { revision: 1, added: 0, removed: 1 },
      { revision: 2, added: 0, removed: 0 },
      { revision: 3, added: 2, removed: 2 },
    ]);
  });
});

describe("the expiry loop", () => {
  it("takes out a job whose expires_at has just passed, and its id answers 404 at once", async () => {
    const soon = new Date(Date.now() + 4_000).toISOString();
    await loadCatalog(
      [JOBS.find((j) => j.id === "ex-e") as Rec, job("ex-soon", "Courier", "GB", 0, { expires_at: soon })],
      null,
      "soon",
    );
    invalidateLiveSnapshot();
    expect((await getJson("/v1/jobs/ex-soon")).status).toBe(200);
    expect(await expireDueJobs()).toBeNull();
    await new Promise((r) => setTimeout(r, Date.parse(soon) - Date.now() + 50));
    // Past its time, its id is not found even before the loop has taken it out.
    expect((await getJson("/v1/jobs/ex-soon")).status).toBe(404);
    expect((await getJson("/v1/jobs/ex-soon/duplicates")).status).toBe(404);
    expect((await getJson("/v1/jobs?title=courier")).body.meta.total).toBe(1);
    expect(await expireDueJobs()).toMatchObject({ removed: 1, revision: 1 });
    expect((await getJson("/v1/jobs?title=courier")).body.meta.total).toBe(0);
    expect((await getJson("/v1/jobs?country=GB")).body.meta.total).toBe(1);
  });
});

describe("an import arriving while expired jobs are taken out", () => {
  it("waits for that, where it is refused at once while another import runs", async () => {
    const barista = JOBS.find((j) => j.id === "ex-e") as Rec;
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      // An expiry's transaction holds both locks.
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock($1), pg_advisory_xact_lock($2)", [
        IMPORT_LOCK,
        EXPIRY_LOCK,
      ]);
      let done = false;
      const importing = loadCatalog([barista], null, "after expiry").then((r) => {
        done = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 700));
      expect(done).toBe(false);
      await holder.query("COMMIT");
      expect((await importing).jobs).toBe(1);
      await holder.query("SELECT pg_advisory_lock($1)", [IMPORT_LOCK]);
      await expect(loadCatalog([barista], null, "refused")).rejects.toThrow(
        /Another catalog import is running/,
      );
    } finally {
      await holder.end();
    }
  });
});

describe("places' titles' counts an expiry did not keep", () => {
  it("stay behind, untouched, and titled totals near a place are counted from the jobs", async () => {
    const soon = inDays(1);
    await loadCatalog(
      [
        job("pt-1", "Courier", "GB", 1, { city: "Leeds", expires_at: soon }),
        job("pt-2", "Courier", "GB", 2, { city: "Leeds" }),
        job("pt-3", "Courier", "GB", 3, { city: "Leeds" }),
      ],
      null,
      "behind",
    );
    invalidateLiveSnapshot();
    // As an expiry by a build that does not keep them would leave them: behind the pointer.
    await client.query(
      "UPDATE catalog_snapshots SET place_titles_revision = -1 WHERE id = (SELECT snapshot_id FROM catalog_live)",
    );
    const before = await client.query(LIVE_PLACE_TITLES);
    expect(await expireJobs(client, { now: new Date(T + 2 * DAY) })).toMatchObject({
      removed: 1,
      revision: 1,
    });
    invalidateLiveSnapshot();
    expect(await placeTitlesRevisions()).toEqual({ counts: -1, live: 1 });
    expect((await client.query(LIVE_PLACE_TITLES)).rows).toEqual(before.rows);
    expect(before.rows).toEqual([{ title_id: expect.any(Number), jobs: 3 }]);
    // Counted from the jobs, so the job taken out is not in the total.
    const { body } = await getJson("/v1/jobs?near=Leeds,%20GB&title=courier");
    expect(body.meta).toMatchObject({ total: 2, total_exact: true });
  });
});

describe("an import after every job of the live snapshot expired", () => {
  it("compares with the empty snapshot: its jobs are added, in a published change set", async () => {
    await loadCatalog([job("gone-1", "Courier", "GB", 1, { expires_at: inDays(1) })], null, "all expire");
    expect(await expireJobs(client, { now: new Date(T + 2 * DAY) })).toMatchObject({ removed: 1 });
    invalidateLiveSnapshot();
    const next = await loadCatalog([job("after-1", "Courier", "GB", 0)], null, "after every job expired");
    expect(next.changes).toEqual({ added: 1, changed: 0, removed: 0 });
    const { rows } = await client.query(
      "SELECT added FROM job_change_sets WHERE snapshot_id = $1 AND revision = 0",
      [next.snapshotId],
    );
    expect(rows).toEqual([{ added: 1 }]);
  });
});
