// The embedded development database (PGlite behind the one-client gate): its session rules,
// who may hold its directory, and the API served from it with quotas on the database alone (no
// Redis). The INSERT import path against the COPY one: embedded-import.test.ts.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { importSnapshot } from "@/lib/catalog/import/load";
import { pointAtDatabase } from "@/lib/core/env";
import { joinOrServe } from "@/lib/embedded/open";
import { startEmbeddedPostgres } from "@/lib/embedded/postgres";
import { createTestKey } from "./support/api-keys";
import { connect, dataRoot, embedded, embeddedDatabase } from "./support/embedded-db";
import { FIXTURE_JOBS, FIXTURE_SALARIES, numbered } from "./support/fixtures";
import { request } from "./support/http";

embeddedDatabase();

const pending = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))]);

describe("the gate", () => {
  it("lets one client in at a time and hands the next a clean session", async () => {
    const a = await connect();
    await a.query("SET work_mem = '7MB'");
    await a.query("SELECT pg_advisory_lock(42)");
    await a.query("BEGIN");
    await a.query("CREATE TABLE gate_probe (n int)");
    const b = new pg.Client({ connectionString: embedded.url });
    const bConnected = b.connect();
    expect(await pending(bConnected, 400)).toBe(true); // waits while a holds the session
    a.end(); // leaves mid-transaction
    await bConnected;
    const { rows } = await b.query(
      `SELECT current_setting('work_mem') AS work_mem, to_regclass('gate_probe') AS probe,
              (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory') AS locks`,
    );
    expect(rows[0]).toEqual({ work_mem: "4MB", probe: null, locks: 0 });
    await b.end();
  });

  it("refuses a second server on the same directory; a command joins the running one", async () => {
    await expect(startEmbeddedPostgres(dataRoot, "server")).rejects.toThrow(
      /in use by process \d+ \(a server on port/,
    );
    await expect(joinOrServe(dataRoot, "server")).rejects.toThrow(/in use by process/);
    const joined = await joinOrServe(dataRoot, "cli");
    expect(joined).toMatchObject({ url: embedded.url, owner: false });
  });
});

describe("a command and the directory's holder", () => {
  it("never joins another command (it would close the database under us): waits, then serves", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "jsa-embedded-wait-"));
    const other = spawn("sleep", ["2"]);
    // The other command's port accepts connections: joining would be possible, and wrong.
    const listening = createServer().listen(0, "127.0.0.1");
    let mine: Awaited<ReturnType<typeof joinOrServe>> | undefined;
    try {
      await once(listening, "listening");
      const port = (listening.address() as AddressInfo).port;
      await writeFile(path.join(root, "pglite.json"), JSON.stringify({ pid: other.pid, role: "cli", port }));
      const started = Date.now();
      mine = await joinOrServe(root, "cli");
      expect(mine.owner).toBe(true);
      expect(mine.url).not.toContain(`:${port}/`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    } finally {
      listening.close();
      await mine?.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it("gives up on a server whose recorded port refuses, naming the file to delete", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "jsa-embedded-refused-"));
    const other = spawn("sleep", ["30"]);
    try {
      await writeFile(
        path.join(root, "pglite.json"),
        JSON.stringify({ pid: other.pid, role: "server", port: 1 }),
      );
      await expect(joinOrServe(root, "cli")).rejects.toThrow(
        /in use by process \d+ \(a server on port 1\).*delete .*pglite\.json/,
      );
    } finally {
      other.kill();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("the API on the embedded database, quotas without Redis", () => {
  beforeAll(async () => {
    delete process.env.REDIS_URL;
    pointAtDatabase(embedded.url, true);
    await importSnapshot(embedded.url, {
      label: "fixture",
      jobs: numbered(FIXTURE_JOBS),
      salaries: numbered(FIXTURE_SALARIES),
    });
  });

  it("searches, reads a job and a salary, and counts each request", async () => {
    const { key } = await createTestKey({ tier: "free" });
    const search = await request("/v1/jobs?title=software%20engineer&country=DE", { key });
    expect(search.status).toBe(200);
    expect(((await search.json()) as { items: { id: string }[] }).items.map((j) => j.id)).toEqual([
      "de-2",
      "de-1",
    ]);
    expect(search.headers.get("x-ratelimit-remaining")).toBe("49");
    const detail = await request("/v1/jobs/de-1", { key });
    expect(detail.status).toBe(200);
    expect(detail.headers.get("x-ratelimit-remaining")).toBe("48");
    const salary = await request("/v1/salary?country=DE", { key });
    expect(salary.status).toBe(200);
    expect(await salary.json()).toMatchObject({ median: 60000, currency: "EUR" });
    expect(salary.headers.get("x-ratelimit-remaining")).toBe("47");
  });

  it("searches near a place, nearest first", async () => {
    const { key } = await createTestKey({ tier: "free" });
    const res = await request("/v1/jobs?near=Nuremberg&radius_km=400&sort=distance", { key });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: string; distance_km: number }[] };
    expect(body.items.map((j) => [j.id, Math.round(j.distance_km)])).toEqual([
      ["de-2", 151],
      ["de-1", 378],
    ]);
  });

  it("refuses the 51st request of a free key's day exactly, from parallel requests", async () => {
    const { key } = await createTestKey({ tier: "free" });
    const statuses = await Promise.all(
      Array.from({ length: 60 }, () => request("/v1/jobs/de-2", { key }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
