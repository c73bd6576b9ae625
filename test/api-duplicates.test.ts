// One row per real job: near-identical postings of one title and place grouped at import, one of
// each group served (searches, facets, totals), the others found by id, by their group, or under
// their job with collapse=false; a repost under a new id keeps its group's age.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportResult } from "@/lib/catalog/import/load";
import { newJobsFor } from "@/lib/catalog/queries";
import { job, loadCatalog, type Rec } from "./support/fixtures";
import { getJson } from "./support/http";
import { AD, nurse, PAY } from "./support/ward-ads";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });

const OTHER = `Registered Nurse for our outpatient clinic in Leeds: run dressing clinics, take bloods,
triage referrals by phone, teach patients to manage their own wounds at home, audit infection
control every month and mentor students on placement from the local university. Weekday hours
only, no nights. A pension, 27 days of leave and free parking come with the role.`;

const FIRST: Rec[] = [
  // The agency posted first, but the employer's own ad has the link and the pay: it is served.
  nurse("dup-agency", 9, {
    company: "Harbour Personnel",
    description: `Harbour Personnel is recruiting for a client in Leeds.\n\n${AD.replace("Saint Mary Hospital", "Our client")}\n\nHarbour Personnel acts as an employment agency.`,
  }),
  nurse("dup-1", 5, { company: "Saint Mary Hospital", ...PAY }),
  nurse("dup-2", 2, { company: "Saint Mary Hospital", ...PAY, description: `${AD}\n\nReposted.` }),
  job("dup-other", "Registered Nurse", "GB", 3, {
    city: "Leeds",
    company: "Saint Mary Hospital",
    description: OTHER,
  }),
  // The same short text from two companies is not one job; from one company it is.
  job("dup-short-a", "Barista", "GB", 1, {
    city: "Leeds",
    company: "Bean There",
    description: "Apply in store.",
  }),
  job("dup-short-b", "Barista", "GB", 1, {
    city: "Leeds",
    company: "Cup Co",
    description: "Apply in store.",
  }),
  job("dup-short-c", "Barista", "GB", 2, {
    city: "Leeds",
    company: "Cup Co",
    description: "Apply in store.",
  }),
  // Same text, another city: another job.
  nurse("dup-york", 4, { city: "York", company: "Saint Mary Hospital", ...PAY }),
  // Eighteen shops post one short text; one of them posts it twice: that pair is one job.
  ...Array.from({ length: 18 }, (_, i) =>
    job(`dup-shop-${i}`, "Shop Assistant", "GB", 1, {
      city: "Leeds",
      company: `Shop ${i}`,
      description: "Apply in store.",
    }),
  ),
  job("dup-shop-twice", "Shop Assistant", "GB", 2, {
    city: "Leeds",
    company: "Shop 7",
    description: "apply in store",
  }),
  // A served job with pay and its agency copy without; the next import has only the copy and a
  // new repost with pay: the copy, seen first, is served then.
  nurse("dup-b1", 6, { city: "Bradford", company: "Saint Mary Hospital", ...PAY }),
  nurse("dup-b2", 6, {
    city: "Bradford",
    company: "Harbour Personnel",
    description: `Harbour Personnel: ${AD}`,
  }),
];
/** Copies in FIRST: dup-2 and dup-agency; dup-short-b; dup-shop-twice; dup-b2. */
const FIRST_COPIES = 5;
// dup-1 goes; the employer reposts it as dup-3. dup-2 stays (now served). dup-york is reposted
// as dup-york-2, its only posting now.
// The other titles come first this time, so that each title's id differs from the import before.
const kept = FIRST.filter((j) => !["dup-1", "dup-york", "dup-b1"].includes(String(j.id)));
const SECOND: Rec[] = [
  ...kept.filter((j) => j.title !== "Registered Nurse"),
  ...kept.filter((j) => j.title === "Registered Nurse"),
  nurse("dup-b3", 0, {
    city: "Bradford",
    company: "Saint Mary Hospital",
    ...PAY,
    description: `${AD} Still open.`,
  }),
  nurse("dup-york-2", 0, {
    city: "York",
    company: "Saint Mary Hospital",
    ...PAY,
    description: `${AD} Reposted.`,
  }),
  nurse("dup-3", 0, { company: "Saint Mary Hospital", ...PAY, description: `${AD}\n\nStill open.` }),
  job("dup-new", "Registered Nurse", "GB", 0, {
    city: "Leeds",
    company: "Saint Mary Hospital",
    description: `${OTHER.replace("outpatient clinic", "day surgery unit").replace("dressing clinics", "pre-assessment clinics")} Brand new role, on a new unit opening in spring, with a team of twelve and a ward manager who started last year.`,
  }),
];

let first: ImportResult;
let second: ImportResult;
const seenAt: Record<number, string> = {};

beforeAll(async () => {
  await client.connect();
  first = await loadCatalog(FIRST, null, "duplicates one");
});
afterAll(async () => {
  await client.end();
  await loadCatalog();
});

const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();

describe("an import with copies of one job", () => {
  it("groups them: the group is served once, and the import says how many it moved", () => {
    expect(first.duplicates).toMatchObject({ groups: 4, copies: FIRST_COPIES, reposted: 0 });
    expect(first.jobs).toBe(FIRST.length - FIRST_COPIES);
  });

  it("serves the copy with a link and pay over an agency's copy posted earlier", async () => {
    const { body } = await getJson("/v1/jobs?title=registered%20nurse&country=GB&city=Leeds");
    expect(ids(body.items)).toEqual(["dup-1", "dup-other"]);
    expect(body.meta).toMatchObject({ total: 2, total_exact: true });
    const served = body.items.find((i: { id: string }) => i.id === "dup-1");
    expect(served).toMatchObject({ duplicate_of: null, duplicates: 2 });
    expect(served.copies).toBeUndefined();
    expect(body.items.find((i: { id: string }) => i.id === "dup-other")).toMatchObject({ duplicates: 0 });
  });

  it("counts groups in totals and facets, whatever the filter", async () => {
    const all = (await getJson("/v1/jobs?country=GB")).body;
    expect(all.meta.total).toBe(FIRST.length - FIRST_COPIES);
    const facets = (await getJson("/v1/jobs/facets?country=GB")).body;
    expect(facets.countries).toEqual([{ value: "GB", count: FIRST.length - FIRST_COPIES }]);
    const keyword = (await getJson("/v1/jobs?q=preceptorship")).body;
    expect(ids(keyword.items)).toEqual(["dup-1", "dup-b1", "dup-york"]);
  });

  it("keeps equal short texts of two companies apart, and groups them within one", async () => {
    const { body } = await getJson("/v1/jobs?title=barista&country=GB");
    expect(ids(body.items)).toEqual(["dup-short-a", "dup-short-c"]);
    expect((await getJson("/v1/jobs/dup-short-b")).body).toMatchObject({ duplicate_of: "dup-short-c" });
    // Among eighteen shops' same text, the one shop's two postings still find each other.
    const shops = (await getJson("/v1/jobs?title=shop%20assistant&country=GB&per_page=50")).body;
    expect(shops.meta.total).toBe(18);
    // The earlier posted of the two is served.
    expect((await getJson("/v1/jobs/dup-shop-7")).body).toMatchObject({ duplicate_of: "dup-shop-twice" });
  });

  it("finds a copy by its own id, saying which job it copies", async () => {
    const { status, body } = await getJson("/v1/jobs/dup-agency");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: "dup-agency",
      company: "Harbour Personnel",
      duplicate_of: "dup-1",
      duplicates: 0,
    });
    expect(body.description).toContain("employment agency");
  });

  it("lists a served job's copies, and for a copy the served job first", async () => {
    const mine = await getJson("/v1/jobs/dup-1/duplicates");
    expect(mine.status).toBe(200);
    expect(mine.body.meta).toEqual({ canonical_id: "dup-1", total: 2, has_more: false });
    expect(ids(mine.body.items)).toEqual(["dup-2", "dup-agency"]);
    const theirs = (await getJson("/v1/jobs/dup-agency/duplicates")).body;
    expect(theirs.items.map((i: { id: string }) => i.id)).toEqual(["dup-1", "dup-2"]);
    expect(theirs.meta).toEqual({ canonical_id: "dup-1", total: 2, has_more: false });
    const alone = (await getJson("/v1/jobs/dup-other/duplicates")).body;
    expect(alone).toEqual({ items: [], meta: { canonical_id: "dup-other", total: 0, has_more: false } });
  });

  it("answers an unknown id with 404, a bad one and any parameter with 400", async () => {
    expect((await getJson("/v1/jobs/nope-404/duplicates")).body.error.code).toBe("not_found");
    const bad = await getJson("/v1/jobs/bad%20id/duplicates");
    expect(bad.status).toBe(400);
    const extra = await getJson("/v1/jobs/dup-1/duplicates?page=2");
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatchObject({
      code: "invalid_parameter",
      param: "page",
      message: 'Unknown parameter "page"; this endpoint takes no parameters.',
    });
  });

  it("lists each job's copies under it with collapse=false, counting groups still", async () => {
    const { body } = await getJson("/v1/jobs?title=registered%20nurse&country=GB&city=Leeds&collapse=false");
    expect(body.meta.total).toBe(2);
    const served = body.items.find((i: { id: string }) => i.id === "dup-1");
    expect(ids(served.copies)).toEqual(["dup-2", "dup-agency"]);
    expect(served.copies.every((c: { duplicate_of: string }) => c.duplicate_of === "dup-1")).toBe(true);
    expect(body.items.find((i: { id: string }) => i.id === "dup-other").copies).toBeUndefined();
  });

  it("keeps copies in a table with the columns of jobs, in their order", async () => {
    const columns = async (table: string) =>
      (
        await client.query<{ c: string }>(
          "SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position",
          [table],
        )
      ).rows.map((r) => r.c);
    expect(await columns("job_copies")).toEqual(await columns("jobs"));
  });

  it("refuses collapse values other than true and false, and collapse on facets", async () => {
    const bad = await getJson("/v1/jobs?collapse=no");
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("collapse");
    expect((await getJson("/v1/jobs/facets?collapse=false")).status).toBe(400);
  });
});

describe("the next import", () => {
  beforeAll(async () => {
    second = await loadCatalog(SECOND, null, "duplicates two");
    const { rows } = await client.query<{ id: number; created_at: Date }>(
      "SELECT id, created_at FROM catalog_snapshots WHERE id = ANY($1)",
      [[first.snapshotId, second.snapshotId]],
    );
    for (const r of rows) seenAt[r.id] = r.created_at.toISOString();
  });

  it("serves the best copy left when the served job goes, and copies keep their own first sighting", async () => {
    const { body } = await getJson("/v1/jobs/dup-2");
    expect(body).toMatchObject({ duplicate_of: null, duplicates: 2 });
    expect((await getJson("/v1/jobs/dup-3")).body).toMatchObject({
      duplicate_of: "dup-2",
      first_seen_at: seenAt[second.snapshotId],
    });
    expect((await getJson("/v1/jobs/dup-agency")).body).toMatchObject({
      duplicate_of: "dup-2",
      first_seen_at: seenAt[first.snapshotId],
    });
  });

  it("serves a former copy seen first over a new posting with more to it", async () => {
    expect((await getJson("/v1/jobs/dup-b2")).body).toMatchObject({
      duplicate_of: null,
      duplicates: 1,
      first_seen_at: seenAt[first.snapshotId],
    });
    expect((await getJson("/v1/jobs/dup-b3")).body).toMatchObject({ duplicate_of: "dup-b2" });
  });

  it("gives a job reposted under a new id its first posting's first sighting, and a new job its own", async () => {
    expect(second.duplicates.reposted).toBe(1);
    expect((await getJson("/v1/jobs/dup-york-2")).body).toMatchObject({
      duplicate_of: null,
      duplicates: 0,
      first_seen_at: seenAt[first.snapshotId],
    });
    expect((await getJson("/v1/jobs/dup-2")).body.first_seen_at).toBe(seenAt[first.snapshotId]);
    const recent = (await getJson("/v1/jobs?country=GB&sort=first_seen&per_page=2")).body;
    expect(recent.items.map((i: { id: string; first_seen_at: string }) => [i.id, i.first_seen_at])).toEqual([
      ["dup-new", seenAt[second.snapshotId]],
      [recent.items[1].id, seenAt[first.snapshotId]],
    ]);
  });

  it("gives saved searches only jobs new to the catalog, one per group", async () => {
    const found = await newJobsFor(
      "title=registered%20nurse&country=GB",
      new Date(seenAt[second.snapshotId] as string),
      50,
      second.snapshotId,
    );
    if (!found.ok) throw new Error(found.message);
    // Not dup-3 (a copy), nor dup-york-2 (a repost of a job seen before), nor dup-2 (seen before).
    expect(found.value.items.map((i) => i.id)).toEqual(["dup-new"]);
    expect(found.value.total).toBe(1);
  });

  it("lists in the feed the served jobs that came and went, not copies", async () => {
    const { rows } = await client.query<{ job_id: string; kind: number }>(
      "SELECT job_id, kind FROM job_changes WHERE snapshot_id = $1 ORDER BY job_id",
      [second.snapshotId],
    );
    expect(rows).toEqual([
      { job_id: "dup-1", kind: 3 },
      { job_id: "dup-2", kind: 1 },
      { job_id: "dup-b1", kind: 3 },
      { job_id: "dup-b2", kind: 1 },
      { job_id: "dup-new", kind: 1 },
      { job_id: "dup-york", kind: 3 },
      { job_id: "dup-york-2", kind: 1 },
    ]);
  });
});
