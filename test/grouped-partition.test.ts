// The served partition as grouping leaves it: the pages its copies left vacuumed for index-only
// reads, and its descriptions and words (the TOAST table) never vacuumed.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportResult } from "@/lib/catalog/import/load";
import { loadCatalog } from "./support/fixtures";
import { nurse, PAY } from "./support/ward-ads";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let imported: ImportResult;

beforeAll(async () => {
  await client.connect();
  imported = await loadCatalog(
    [
      nurse("part-1", 5, { company: "Saint Mary Hospital", ...PAY }),
      nurse("part-2", 2, { company: "Saint Mary Hospital", ...PAY }),
    ],
    null,
    "grouped partition",
  );
});
afterAll(async () => {
  await client.end();
  await loadCatalog();
});

describe("the served partition after grouping", () => {
  it("held a copy to move out", () => {
    expect(imported.duplicates.copies).toBe(1);
  });

  it("leaves every page of the served jobs visible to index-only reads once the copies are out", async () => {
    await client.query("BEGIN");
    try {
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL enable_bitmapscan = off");
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM jobs_s${imported.snapshotId} WHERE snapshot_id = ${imported.snapshotId}`,
      );
      const plan = JSON.stringify(rows[0]["QUERY PLAN"]);
      expect(plan).toContain('"Node Type":"Index Only Scan"');
      expect(plan).toContain('"Heap Fetches":0');
    } finally {
      await client.query("ROLLBACK");
    }
  });

  it("never vacuums the served jobs' descriptions and words: they are written once, frozen", async () => {
    const { rows } = await client.query(
      `SELECT t.reloptions, s.vacuum_count::int AS vacuums, s.autovacuum_count::int AS autovacuums
       FROM pg_class j JOIN pg_class t ON t.oid = j.reltoastrelid JOIN pg_stat_all_tables s ON s.relid = t.oid
       WHERE j.oid = 'jobs_s${imported.snapshotId}'::regclass`,
    );
    expect(rows[0]).toEqual({ reloptions: ["autovacuum_enabled=false"], vacuums: 0, autovacuums: 0 });
  });
});
