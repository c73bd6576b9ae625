// A usage flush that times out against a frozen Postgres may still be committed when the server
// resumes; its retry must not count the same requests again. On a private cluster, frozen here.
import { createServer } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDatabase, migrate } from "@/lib/core/migrate";
import { flushUsage, recordUse } from "@/lib/quota/usage-buffer";
import { PrivatePostgres } from "../harness/support/private-postgres";

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

let cluster: PrivatePostgres;

beforeAll(async () => {
  cluster = new PrivatePostgres(await freePort(), "usage");
  await cluster.start();
  await ensureDatabase(cluster.url);
  await migrate(cluster.url);
  // Read on first use, which comes after this: the app's pool talks to the private cluster.
  Object.assign(process.env, { DATABASE_URL: cluster.url, DB_QUERY_TIMEOUT_MS: "500" });
}, 120_000);
afterAll(() => cluster?.destroy());

describe("usage flushes against a frozen Postgres", () => {
  it("count each admitted request once, however often a flush is retried", async () => {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    try {
      await admin.query("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com')");
      await admin.query(
        "INSERT INTO api_keys (id, user_id, hash, hint, status) VALUES ('k1', 'u1', repeat('a', 64), 'jsk_…aaaa', 'active')",
      );
      // A first flush, so the pool holds an open connection: the frozen write is then really sent.
      recordUse("k1", "2026-11-21");
      await flushUsage();
      recordUse("k1", "2026-11-22");
      recordUse("k1", "2026-11-22");
      cluster.freeze();
      await expect(flushUsage()).rejects.toThrow(/timeout/i);
      cluster.thaw();
      await flushUsage(); // the retry, with the first attempt committed meanwhile or not
      recordUse("k1", "2026-11-22", -1);
      await flushUsage();
      const { rows } = await admin.query(
        "SELECT count FROM key_usage WHERE key_id = 'k1' AND day = '2026-11-22'",
      );
      expect(rows[0]?.count).toBe(1);
    } finally {
      cluster.thaw();
      await admin.end();
    }
  });
});
