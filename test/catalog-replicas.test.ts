// Catalog reads on replicas (lib/core/db-replicas.ts), with real databases standing in for three
// replicas: one in step with the primary (the test database itself), one whose catalog pointer
// is behind (a database holding only catalog_live, so any catalog query sent there would fail),
// and one that is down (nothing listens). Reads go to the first only; every answer is a 200.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireJobs } from "@/lib/catalog/import/expire-jobs";
import { catalogDb, invalidateLiveSnapshot, liveSnapshot } from "@/lib/catalog/live";
import { replicaStates } from "@/lib/core/db-replicas";
import { Prisma } from "@/lib/generated/prisma/client";
import { metrics } from "@/lib/metrics/registry";
import { loadCatalog } from "./support/fixtures";
import { getJson } from "./support/http";

const primaryUrl = process.env.DATABASE_URL ?? "";
const lagging = `jobs_lag_${randomBytes(4).toString("hex")}`;
const laggingUrl = Object.assign(new URL(primaryUrl), { pathname: `/${lagging}` }).toString();
process.env.DATABASE_REPLICA_URLS = [primaryUrl, laggingUrl, "postgresql://postgres@127.0.0.1:1/none"].join(
  ",",
);

async function admin(sql: string, url = primaryUrl): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await loadCatalog();
  await admin(`CREATE DATABASE ${lagging}`);
  await admin(
    "CREATE TABLE catalog_live (id int PRIMARY KEY, snapshot_id int NOT NULL, revision int NOT NULL DEFAULT 0)",
    laggingUrl,
  );
  await admin("INSERT INTO catalog_live VALUES (1, -1)", laggingUrl);
});

afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${lagging} WITH (FORCE)`);
});

/** Replicas are probed when reads pick one: reads (of pages no cache holds) until `done`. */
async function probedUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 40 && !done(); i++) {
    await getJson(`/v1/salary?country=DE&probe=${i}`).catch(() => {});
    await getJson(`/v1/jobs/probe-${Date.now()}-${i}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const reads = async (target: string) =>
  (await metrics().catalogReads.get()).values.find((v) => v.labels.target === target)?.value ?? 0;

describe("catalog reads with replicas", () => {
  it("go to the replica holding the live snapshot, never to a lagging or dead one, and never fail", async () => {
    // The first requests find no probed replica yet: the primary answers while probes run.
    const { status } = await getJson("/v1/jobs?title=engineer&per_page=3");
    expect(status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const before = await reads("replica");
    for (const page of [1, 2, 3]) {
      const res = await getJson(`/v1/jobs?per_page=2&page=${page}`);
      expect(res.status).toBe(200);
    }
    expect(await reads("replica")).toBeGreaterThan(before);
    const states = replicaStates();
    expect(states.map((s) => [s.name, s.up, s.snapshot === -1])).toEqual([
      ["replica1", true, false],
      ["replica2", true, true],
      ["replica3", false, false],
    ]);
  });

  it("read by bitmaps on the replica too, with plain index scans off for that statement alone", async () => {
    const live = await liveSnapshot();
    const setting = Prisma.sql`SELECT current_setting('enable_indexscan') AS scan`;
    const before = await reads("replica");
    for (let i = 0; i < 20 && (await reads("replica")) === before; i++) {
      expect(await catalogDb(live!.id).byBitmaps(setting)).toEqual([{ scan: "off" }]);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await reads("replica")).toBeGreaterThan(before);
    expect(await catalogDb(live!.id).query(setting)).toEqual([{ scan: "on" }]);
  });

  it("skip a replica at the live snapshot that has not replayed the expiries the primary has", async () => {
    const primary = new pg.Client({ connectionString: primaryUrl });
    await primary.connect();
    try {
      const { rows } = await primary.query("SELECT snapshot_id FROM catalog_live WHERE id = 1");
      const live = rows[0].snapshot_id as number;
      // The second replica claims the live snapshot but holds none of its rows.
      await admin(`UPDATE catalog_live SET snapshot_id = ${live}, revision = 0`, laggingUrl);
      await primary.query(`UPDATE jobs_s${live} SET expires_at = now() + interval '1 day' WHERE id = 'de-1'`);
      expect(await expireJobs(primary, { now: new Date(Date.now() + 2 * 86_400_000) })).toMatchObject({
        removed: 1,
        revision: 1,
      });
      invalidateLiveSnapshot();
      await probedUntil(() => replicaStates()[1]?.snapshot === live);
      expect(replicaStates()[1]).toMatchObject({ up: true, snapshot: live, revision: 0 });
      // Were it chosen, reads sent there would fail (it has no catalog): every one is a 200.
      for (const page of [1, 2, 3, 4])
        expect((await getJson(`/v1/jobs?per_page=2&page=${page}`)).status).toBe(200);
      expect((await getJson("/v1/jobs/de-1")).status).toBe(404);
    } finally {
      await admin("UPDATE catalog_live SET snapshot_id = -1, revision = 0", laggingUrl);
      await primary.end();
    }
  });
});
