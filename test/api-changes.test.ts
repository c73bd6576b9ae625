// The catalog over time: ages kept across imports and the changes feed (GET /v1/jobs/changes),
// through real imports into a real Postgres.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangesQuerySchema } from "@/lib/catalog/change-schemas";
import { CHANGES_SCAN, changesPage } from "@/lib/catalog/changes";
import { encodeCursor } from "@/lib/catalog/cursor";
import type { ImportResult } from "@/lib/catalog/import/load";
import { job, loadCatalog, type Rec } from "./support/fixtures";
import { getJson } from "./support/http";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });

const FIRST: Rec[] = [
  job("ch-1", "Python Developer", "DE", 3, { description: "Python and Django." }),
  job("ch-2", "Nurse", "DE", 4),
  job("ch-3", "Warehouse Operative", "DE", 5),
  job("ch-4", "Accountant", "FR", 6),
  job("ch-5", "Python Engineer", "FR", 7, { description: "Python at scale." }),
];
// ch-2 changes its title, ch-5 moves to DE, ch-3 and ch-4 go, ch-6 and ch-7 come; ch-1 stays.
const SECOND: Rec[] = [
  FIRST[0] as Rec,
  job("ch-2", "Registered Nurse", "DE", 4),
  job("ch-5", "Python Engineer", "AT", 7, { description: "Python at scale." }),
  job("ch-6", "Python Data Engineer", "DE", 1, {
    city: "Berlin",
    description: "Python, Spark.",
    expires_at: "2027-03-31T23:59:59Z",
  }),
  job("ch-7", "Barista", "GB", 1, { city: "Leeds" }),
];

type Change = { id: string; change: string; seen_at: string; job?: Rec | null };

let start: string;
let first: ImportResult;
let second: ImportResult;
let seenAt: Record<number, string>;

beforeAll(async () => {
  await client.connect();
  first = await loadCatalog(FIRST, null, "changes one");
  start = (await getJson("/v1/jobs/changes")).body.meta.next;
  second = await loadCatalog(SECOND, null, "changes two");
  const { rows } = await client.query<{ id: number; created_at: Date }>(
    "SELECT id, created_at FROM catalog_snapshots WHERE id = ANY($1)",
    [[first.snapshotId, second.snapshotId]],
  );
  seenAt = Object.fromEntries(rows.map((r) => [r.id, r.created_at.toISOString()]));
});
afterAll(async () => {
  await client.end();
  await loadCatalog();
});

async function allChanges(query: string): Promise<Change[]> {
  const items: Change[] = [];
  let since = start;
  for (let i = 0; i < 50; i++) {
    const { status, body } = await getJson(`/v1/jobs/changes?since=${since}&${query}`);
    expect(status).toBe(200);
    items.push(...body.items);
    since = body.meta.next;
    if (!body.meta.has_more) return items;
  }
  throw new Error("the feed did not end");
}

describe("an import", () => {
  it("reports what it added, changed and removed against the snapshot before", () => {
    expect(second.changes).toEqual({ added: 2, changed: 2, removed: 2 });
  });

  it("keeps each job's first sighting by id, and stamps every job with its own", async () => {
    const kept = (await getJson("/v1/jobs/ch-1")).body;
    expect(kept.first_seen_at).toBe(seenAt[first.snapshotId]);
    expect(kept.last_seen_at).toBe(seenAt[second.snapshotId]);
    const changed = (await getJson("/v1/jobs/ch-2")).body;
    expect(changed.first_seen_at).toBe(seenAt[first.snapshotId]);
    const added = (await getJson("/v1/jobs/ch-6")).body;
    expect(added).toMatchObject({
      first_seen_at: seenAt[second.snapshotId],
      last_seen_at: seenAt[second.snapshotId],
      expires_at: "2027-03-31T23:59:59.000Z",
    });
    expect(kept.expires_at).toBeNull();
  });
});

describe("seen_within_days", () => {
  it("finds jobs by when the catalog first held them, whatever their posted_at", async () => {
    await client.query(
      "UPDATE jobs SET first_seen_at = now() - interval '10 days' WHERE snapshot_id = $1 AND id = 'ch-1'",
      [second.snapshotId],
    );
    const ids = async (q: string) =>
      (await getJson(`/v1/jobs?${q}`)).body.items.map((j: { id: string }) => j.id).sort();
    expect(await ids("country=DE&seen_within_days=7")).toEqual(["ch-2", "ch-6"]);
    expect(await ids("country=DE&seen_within_days=30")).toEqual(["ch-1", "ch-2", "ch-6"]);
    // Newest to the catalog first: ch-1 was first held ten days ago, the others at this import.
    const order = async (q: string) =>
      (await getJson(`/v1/jobs?${q}`)).body.items.map((j: { id: string }) => j.id);
    expect(await order("country=DE")).toEqual(["ch-6", "ch-1", "ch-2"]);
    expect(await order("country=DE&sort=first_seen")).toEqual(["ch-6", "ch-2", "ch-1"]);
    expect(await order("country=DE&sort=first_seen&seen_within_days=30")).toEqual(["ch-6", "ch-2", "ch-1"]);
    expect(await order("q=python&country=DE&sort=first_seen")).toEqual(["ch-6", "ch-1"]);
    expect(await order("title=nurse&sort=first_seen")).toEqual(["ch-2"]);
    const bad = await getJson("/v1/jobs?seen_within_days=0");
    expect([bad.status, bad.body.error.param]).toEqual([400, "seen_within_days"]);
  });
});

describe("GET /v1/jobs/changes", () => {
  it("without since, gives no changes and the cursor to start from", async () => {
    const { status, body, res } = await getJson("/v1/jobs/changes");
    expect(status).toBe(200);
    expect(body).toEqual({ items: [], meta: { since: null, next: expect.any(String), has_more: false } });
    expect(res.headers.get("etag")).toBeTruthy();
    expect(res.headers.get("x-ratelimit-remaining")).toBeTruthy();
  });

  it("lists an import's changes once, in the order it made them", async () => {
    const items = await allChanges("per_page=100");
    expect(items.map((c) => [c.id, c.change])).toEqual([
      ["ch-2", "changed"],
      ["ch-5", "changed"],
      ["ch-6", "added"],
      ["ch-7", "added"],
      ["ch-3", "removed"],
      ["ch-4", "removed"],
    ]);
    expect(new Set(items.map((c) => c.seen_at))).toEqual(new Set([seenAt[second.snapshotId]]));
    expect(items[0]).not.toHaveProperty("job");
  });

  it("pages by cursor, with a next link, to the same list", async () => {
    const one = await getJson(`/v1/jobs/changes?since=${start}&per_page=2`);
    expect(one.body.items).toHaveLength(2);
    expect(one.body.meta).toMatchObject({ since: start, has_more: true });
    const link = one.res.headers.get("link") ?? "";
    expect(link).toContain(`since=${one.body.meta.next}`);
    expect(link).toContain('rel="next"');
    const paged = await allChanges("per_page=1");
    expect(paged.map((c) => c.id)).toEqual(["ch-2", "ch-5", "ch-6", "ch-7", "ch-3", "ch-4"]);
  });

  it("answers past the last import with nothing more, and the same cursor", async () => {
    const { body: all } = await getJson(`/v1/jobs/changes?since=${start}`);
    const after = await getJson(`/v1/jobs/changes?since=${all.meta.next}`);
    expect(after.body).toEqual({
      items: [],
      meta: { since: all.meta.next, next: all.meta.next, has_more: false },
    });
  });

  it("with expand=jobs, carries each added and changed job as served now", async () => {
    const items = await allChanges("expand=jobs");
    const byId = new Map(items.map((c) => [c.id, c]));
    expect(byId.get("ch-2")?.job).toMatchObject({ id: "ch-2", title: "Registered Nurse", country: "DE" });
    expect(byId.get("ch-6")?.job).toMatchObject({ id: "ch-6", title: "Python Data Engineer" });
    expect(byId.get("ch-3")?.job).toBeNull();
  });

  it("is narrowed by the search's filters: changes by the job as served, removals by country", async () => {
    const de = await allChanges("country=DE");
    expect(de.map((c) => [c.id, c.change])).toEqual([
      ["ch-2", "changed"],
      ["ch-6", "added"],
      ["ch-3", "removed"],
    ]);
    const python = await allChanges("q=python&country=DE");
    expect(python.map((c) => [c.id, c.change])).toEqual([
      ["ch-6", "added"],
      ["ch-3", "removed"],
    ]);
    const nurses = await allChanges("title=nurse");
    expect(nurses.map((c) => c.id)).toEqual(["ch-2", "ch-3", "ch-4"]);
    const dach = await allChanges("country=DACH");
    expect(dach.map((c) => [c.id, c.change])).toEqual([
      ["ch-2", "changed"],
      ["ch-5", "changed"],
      ["ch-6", "added"],
      ["ch-3", "removed"],
    ]);
  });

  it("is narrowed by near as a search is: additions and changes by the job's place, not removals", async () => {
    const potsdam = await allChanges("near=Potsdam,%20DE&radius_km=50");
    expect(potsdam.map((c) => [c.id, c.change])).toEqual([
      ["ch-6", "added"],
      ["ch-3", "removed"],
      ["ch-4", "removed"],
    ]);
    const leeds = await allChanges("near=53.8,-1.55&radius_km=5&expand=jobs");
    expect(leeds.filter((c) => c.change !== "removed").map((c) => [c.id, c.job?.city])).toEqual([
      ["ch-7", "Leeds"],
    ]);
    // Berlin is 27 km from Potsdam: outside a 20 km radius.
    const near = await allChanges("near=Potsdam,%20DE&radius_km=20&country=DE");
    expect(near.map((c) => [c.id, c.change])).toEqual([["ch-3", "removed"]]);
  });

  it("filtered by a country alone, says which jobs moved out of it", async () => {
    const fr = await allChanges("country=FR&expand=jobs");
    expect(fr.map((c) => [c.id, c.change, c.job ?? null])).toEqual([
      ["ch-5", "left", null],
      ["ch-4", "removed", null],
    ]);
  });

  it("gives a request whose snapshot predates a cursor nothing new, and the same cursor", async () => {
    const { body } = await getJson(`/v1/jobs/changes?since=${start}`);
    const latest = body.meta.next;
    const page = await changesPage({
      query: ChangesQuerySchema.parse({ since: latest }),
      filters: {},
      snapshotId: first.snapshotId,
    });
    expect(page).toEqual({
      ok: true,
      value: { items: [], meta: { since: latest, next: latest, has_more: false } },
    });
  });

  it("refuses what it cannot answer with a 400 naming the parameter, and charges no change", async () => {
    const cases: [string, string][] = [
      ["since=not-a-cursor!", "since"],
      [`since=${encodeCursor(10n ** 15n)}`, "since"],
      // Past PostgreSQL's bigint: a number no cursor holds.
      [`since=${encodeCursor(9_999_999_999_999_999_999n)}`, "since"],
      ["since=", "since"],
      ["expand=jobs&per_page=101", "per_page"],
      ["per_page=1001", "per_page"],
      ["expand=rows", "expand"],
      ["near=Nowhereville%20Upon%20Sea", "near"],
      ["radius_km=10", "radius_km"],
      ["page=2", "page"],
    ];
    for (const [query, param] of cases) {
      const { status, body } = await getJson(`/v1/jobs/changes?${query}`);
      expect([query, status, body.error.code, body.error.param]).toEqual([
        query,
        400,
        "invalid_parameter",
        param,
      ]);
    }
  });

  it("reads a bounded stretch of the feed per filtered page, and still reaches the end", async () => {
    const before = (await getJson("/v1/jobs/changes")).body.meta.next;
    const many: Rec[] = Array.from({ length: CHANGES_SCAN + 10 }, (_, i) =>
      job(`bulk-${i}`, "Accountant", i === CHANGES_SCAN + 5 ? "GB" : "NL", 2),
    );
    await loadCatalog([...SECOND, ...many], null, "changes bulk");
    const first = await getJson(`/v1/jobs/changes?since=${before}&country=GB`);
    expect(first.body.items).toEqual([]);
    expect(first.body.meta.has_more).toBe(true);
    const second = await getJson(`/v1/jobs/changes?since=${first.body.meta.next}&country=GB`);
    expect(second.body.items.map((c: Change) => c.id)).toEqual(["bulk-5005"]);
    expect(second.body.meta.has_more).toBe(false);
  });

  it("never shows the changes of an import that did not go live, and drops them", async () => {
    const before = (await getJson("/v1/jobs/changes")).body.meta.next;
    const bad = [...SECOND, job("ch-8", "Cook", "DE", 1), { ...job("ch-9", "Cook", "DE", 1), country: "XX" }];
    await expect(loadCatalog(bad, null, "changes failing")).rejects.toThrow();
    await client.query(
      "INSERT INTO job_changes (snapshot_id, job_id, kind, country_code) VALUES (2147483000, 'ghost', 1, 'DE')",
    );
    const { body } = await getJson(`/v1/jobs/changes?since=${before}`);
    expect(body.items).toEqual([]);
    await loadCatalog(SECOND, null, "changes after a failure");
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM job_changes WHERE job_id IN ('ghost', 'ch-8')",
    );
    expect(rows[0].n).toBe(0);
  });

  it("answers a cursor older than the kept history with 410 and how to start again", async () => {
    await client.query(
      "UPDATE job_change_sets SET published_at = now() - interval '40 days' WHERE snapshot_id = $1",
      [second.snapshotId],
    );
    await loadCatalog(SECOND, null, "changes after retention");
    const { rows } = await client.query("SELECT count(*)::int AS n FROM job_changes WHERE snapshot_id = $1", [
      second.snapshotId,
    ]);
    expect(rows[0].n).toBe(0);
    const { status, body } = await getJson(`/v1/jobs/changes?since=${start}`);
    expect(status).toBe(410);
    expect(body.error.code).toBe("cursor_expired");
    expect(body.error.message).toContain("without since");
  });
});
