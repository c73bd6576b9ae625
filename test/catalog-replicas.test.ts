// Catalog reads on replicas (lib/core/db-replicas.ts), with real databases standing in for three
// replicas: one in step with the primary (the test database itself), one whose catalog pointer
// is behind (a database holding only catalog_live, so any catalog query sent there would fail),
// and one that is down (nothing listens). Reads go to the first only; every answer is a 200.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replicaStates } from "@/lib/core/db-replicas";
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
  await admin("CREATE TABLE catalog_live (id int PRIMARY KEY, snapshot_id int NOT NULL)", laggingUrl);
  await admin("INSERT INTO catalog_live VALUES (1, -1)", laggingUrl);
});

afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${lagging} WITH (FORCE)`);
});

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
});
