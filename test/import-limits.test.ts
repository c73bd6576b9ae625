// Records too large for an import: refused with their line, under the importer's real memory
// limit, and no import that fails, however it fails, leaves a snapshot 'loading'.
import { execFile } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { job, loadCatalog } from "./support/fixtures";
import { snapshotState } from "./support/import-checks";

let dir: string;
let client: pg.Client;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "import-limits-"));
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await loadCatalog();
});
afterAll(async () => {
  try {
    await client?.end();
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
});

const run = promisify(execFile);
const loading = async () =>
  (await client.query("SELECT count(*)::int AS n FROM catalog_snapshots WHERE status = 'loading'")).rows[0].n;

/** Writes `before`, then `mb` MB of `unit` repeated, then `after`, without holding it in memory. */
async function hugeFile(name: string, before: string, unit: string, mb: number, after: string) {
  const file = path.join(dir, name);
  const out = createWriteStream(file);
  out.write(before);
  const block = unit.repeat(Math.ceil((1 << 20) / unit.length));
  for (let i = 0; i < mb; i++) if (!out.write(block)) await once(out, "drain");
  out.end(after);
  await finished(out);
  return file;
}

const line = (r: Record<string, unknown>) => JSON.stringify(r);
const ok1 = job("ok-1", "Baker", "DE", 1);
const ok3 = job("ok-3", "Welder", "DE", 1);
const posting = (id: string) =>
  `{"@context":"https://schema.org/","@type":"JobPosting","identifier":"${id}","title":"Baker","hiringOrganization":"Crumb","jobLocation":{"address":{"addressCountry":"DE"}},"datePosted":"2026-11-01","description":"`;

describe("a 30 MB record", () => {
  it.each([
    [
      "JSON Lines",
      "big.jsonl",
      `${line(ok1)}\n${line({ ...job("big", "Baker", "DE", 1), description: "" }).slice(0, -2)}`,
      "<a",
      `"}\n${line(ok3)}\n`,
      2,
    ],
    [
      "a JSON array of JobPostings",
      "big.json",
      `[${posting("ok-1")}x"},\n${posting("big")}`,
      "<a",
      `"},\n${posting("ok-3")}x"}]`,
      2,
    ],
    [
      "CSV",
      "big.csv",
      'id,title,company,country,posted_at,description\nok-1,Baker,Crumb,DE,2026-11-01,x\nbig,Baker,Crumb,DE,2026-11-01,"',
      "<a",
      '"\nok-3,Welder,Crumb,DE,2026-11-01,x\n',
      3, // the header is line 1
    ],
  ])(
    "in %s is refused with its line under the importer's 256 MB heap, and leaves nothing loading",
    async (_, name, before, unit, after, at) => {
      const file = await hugeFile(name, before, unit, 30, after);
      const state = await snapshotState(client);
      const err = await run(
        "node",
        ["--max-old-space-size=256", "--import", "tsx", "scripts/catalog-import.ts", file],
        { env: process.env, maxBuffer: 1 << 20 },
      ).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(err?.stderr).toMatch(
        new RegExp(
          `line ${at}: record is too large \\(\\d{1,3}(,\\d{3})+ characters or more; the limit is 1,048,576\\)`,
        ),
      );
      expect(err?.stderr).not.toMatch(/heap out of memory/);
      expect(err?.stderr).toMatch(/live catalog is unchanged/);
      expect(err?.code).toBe(1);
      expect(await snapshotState(client)).toEqual(state);
      expect(await loading()).toBe(0);
    },
  );
});

describe("an import that fails", () => {
  it("leaves no snapshot 'loading' when its process is killed while reading", async () => {
    const state = await snapshotState(client);
    const before = (await client.query("SELECT coalesce(max(id), 0)::int AS id FROM catalog_snapshots"))
      .rows[0].id;
    const died = await run("node", ["--import", "tsx", "test/support/import-crash.ts"], {
      env: process.env,
    }).then(
      () => null,
      (e: { signal: string }) => e,
    );
    expect(died?.signal).toBe("SIGKILL");
    // Postgres ends the dead process's session (and frees its import lock) once it next reads
    // from it: mid-batch that can take a moment, and the next import must not meet the lock.
    const { IMPORT_LOCK } = await import("@/lib/catalog/import/load");
    const held = async () =>
      (
        await client.query(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1",
          [IMPORT_LOCK],
        )
      ).rows[0].n;
    for (let i = 0; i < 200 && (await held()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await held()).toBe(0);
    expect(await loading()).toBe(0);
    const rows = await client.query("SELECT id FROM catalog_snapshots WHERE id > $1", [before]);
    expect(rows.rows).toEqual([]);
    expect(await snapshotState(client)).toEqual(state); // no partition left either
  });

  it("leaves no snapshot 'loading' when it is refused after loading (duplicate ids)", async () => {
    const { importSnapshot } = await import("@/lib/catalog/import/load");
    const { numbered } = await import("./support/fixtures");
    await expect(
      importSnapshot(process.env.DATABASE_URL!, { label: "dups", jobs: numbered([ok1, ok1]) }),
    ).rejects.toThrow(/appears twice/);
    expect(await loading()).toBe(0);
    const last = await client.query("SELECT status FROM catalog_snapshots ORDER BY id DESC LIMIT 1");
    expect(last.rows[0].status).toBe("failed");
  });
});
