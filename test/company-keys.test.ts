// Company keys are four-byte hashes of the name, so two companies can share one. The import
// records such keys, and facets count a shared key's jobs per name: two companies never show as
// one. Companies are stored composed (NFC), so a filter's name compares equal as text too.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facetsSql } from "@/lib/catalog/facets-sql";
import { companyHash } from "@/lib/catalog/text-hash";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { job, loadCatalog, type Rec } from "./support/fixtures";
import { getJson } from "./support/http";
import { settled } from "./support/search";

// Found by search: two names with one key.
const ONE = "Acme 15zx GmbH";
const OTHER = "Acme cpcd GmbH";
const SHARED = companyHash(ONE);

const at = (company: string, n: number): Rec[] =>
  Array.from({ length: n }, (_, i) => {
    const id = `${company.replace(/\W/g, "-")}-${i}`;
    // Each its own opening, so none is a copy of another.
    return job(id, "Welder", "DE", 1 + i, { company, description: `Opening ${id}: steel and sparks.` });
  });

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let snapshotId: number;

beforeAll(async () => {
  const jobs = [
    ...at(ONE, 3),
    ...at(OTHER, 2),
    ...at("Juniper Tech AG", 1),
    // One company written two ways: a key whose names differ only in case is not shared. An
    // older opening, in words of its own (else one posting would be a copy of the other).
    job("juniper-caps", "Welder", "DE", 9, {
      company: "JUNIPER TECH AG",
      description: "Night shift welding, pipes.",
    }),
    // Written decomposed (e + combining acute), as some feeds write it.
    ...at("Nestle\u0301 SA", 1),
  ];
  snapshotId = (await loadCatalog(jobs, null, "company-keys")).snapshotId;
  await client.connect();
}, 60_000);

afterAll(() => client.end());

describe("a company whose key another company's name shares", () => {
  it("is recorded by the import, and no other key is", async () => {
    expect(companyHash(OTHER)).toBe(SHARED);
    const { rows } = await client.query(
      "SELECT shared_company_keys AS keys FROM catalog_snapshots WHERE id = $1",
      [snapshotId],
    );
    expect(rows[0].keys).toEqual([SHARED]);
  });

  it("shows in facets as two companies, each with its own jobs", async () => {
    const { status, body } = await getJson("/v1/jobs/facets");
    expect(status).toBe(200);
    expect(body.meta).toEqual({ total: 8, total_exact: true, counted: 8, exact: true });
    expect(body.companies).toEqual([
      { name: ONE, count: 3 },
      { name: OTHER, count: 2 },
      // One company in two cases: counted once, named as its newest job writes it.
      { name: "Juniper Tech AG", count: 2 },
      { name: "Nestl\u00e9 SA", count: 1 },
    ]);
    const titled = await getJson("/v1/jobs/facets?title=welder&country=DE");
    expect(titled.body.companies.slice(0, 2)).toEqual([
      { name: ONE, count: 3 },
      { name: OTHER, count: 2 },
    ]);
  });

  it("is counted per name without joining the sample with its keys (the planner guesses one row of each)", async () => {
    type Plan = { "Rows Removed by Join Filter"?: number; Plans?: Plan[] };
    const removed = (p: Plan): number =>
      (p["Rows Removed by Join Filter"] ?? 0) + (p.Plans ?? []).reduce((n, c) => n + removed(c), 0);
    // The planner takes the sample for one row, so it joins by nested loops: forced here, where
    // the sample is small enough for it to hash.
    const rows = await db().$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_hashjoin = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_mergejoin = off");
      return tx.$queryRaw<{ "QUERY PLAN": { Plan: Plan }[] }[]>(
        Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${facetsSql(null, {}, snapshotId, "title", [SHARED, 7, 8, 9])}`,
      );
    });
    const plan = rows[0]?.["QUERY PLAN"][0]?.Plan as Plan;
    // A join of the sample with its keys compares every row with every key: with a sample of
    // 10,000 rows and as many companies, a hundred million comparisons.
    expect(removed(plan)).toBe(0);
  });

  it("is filtered by its own name only", async () => {
    expect((await settled(`company=${encodeURIComponent(ONE)}`)).meta).toMatchObject({
      total: 3,
      total_exact: true,
    });
    const other = await settled(`company=${encodeURIComponent(OTHER)}&per_page=1`);
    expect(other.meta).toMatchObject({ total: 2, total_exact: true });
    expect(other.items.map((j) => j.company)).toEqual([OTHER]);
  });
});

describe("a company stored decomposed", () => {
  it("is stored composed, and found, counted and excluded by either spelling", async () => {
    for (const name of ["Nestl\u00e9 SA", "Nestle\u0301 SA"]) {
      const found = await settled(`company=${encodeURIComponent(name)}`);
      expect(found.meta).toMatchObject({ total: 1, total_exact: true });
      expect(found.items.map((j) => j.company)).toEqual(["Nestl\u00e9 SA"]);
      const rest = await settled(`title=welder&exclude_company=${encodeURIComponent(name)}`);
      expect(rest.meta).toMatchObject({ total: 7, total_exact: true });
    }
  });
});
