// A catalog with no live snapshot (before the first import, or after it was withdrawn) answers
// like an empty one: searches with no results, lookups with 404, the feed at its first cursor.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateLiveSnapshot } from "@/lib/catalog/live";
import { loadCatalog } from "./support/fixtures";
import { getJson } from "./support/http";
import { snapshotState } from "./support/import-checks";

let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await loadCatalog();
});
afterAll(() => client?.end());

const state = () => snapshotState(client);

describe("an empty catalog", () => {
  it("answers searches with zero results and lookups with 404", async () => {
    const { live } = await state();
    await client.query("DELETE FROM catalog_live");
    invalidateLiveSnapshot();
    try {
      const search = await getJson("/v1/jobs?title=engineer");
      expect(search.status).toBe(200);
      expect(search.body).toMatchObject({ items: [], meta: { total: 0, has_more: false } });
      expect((await getJson("/v1/jobs/a-1")).status).toBe(404);
      expect((await getJson("/v1/salary?country=DE")).status).toBe(404);
      // The feed starts at its first cursor; a since it never gave is refused, as later.
      const feed = await getJson("/v1/jobs/changes");
      expect(feed.status).toBe(200);
      const garbage = await getJson("/v1/jobs/changes?since=garbage");
      expect([garbage.status, garbage.body.error?.param]).toEqual([400, "since"]);
    } finally {
      await client.query("INSERT INTO catalog_live (id, snapshot_id) VALUES (1, $1)", [live]);
      invalidateLiveSnapshot();
    }
  });
});
