// The catalog the common-word tests judge by: 1,500 demo jobs, one of which the database makes
// the words of, and the snapshot's lexemes by how many of its jobs hold them.
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { demoJobs } from "@/lib/catalog/demo/generate";
import { loadCatalog, type Rec } from "./fixtures";

// Set by the hooks commonWordsCatalog() registers; read inside tests only.
export let pool: pg.Pool;
export let snapshotId = 0;
export let jobs = 0;

/** Registers the file's hooks: the catalog loaded before its tests, the fixture one after. */
export function commonWordsCatalog(): void {
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    const demo = [...demoJobs({ jobs: 1_500, seed: 11, asOf: new Date("2026-11-21T00:00:00Z") })] as Rec[];
    // Markup: the database makes this job's words, and fillWords its bits and list (a whole ad's
    // text, so that it holds words of both kinds).
    demo[4] = {
      ...demo[4],
      description: `${demo[7]?.description} Pay: base < bonus, python and remote work`,
    };
    const result = await loadCatalog(demo, null, "common words");
    snapshotId = result.snapshotId;
    jobs = result.jobs;
  }, 120_000);
  afterAll(async () => {
    await loadCatalog();
    await pool.end();
  });
}

/** Lexemes of the snapshot, from most to fewest jobs holding them. */
export async function lexemesByJobs(): Promise<{ lexeme: string; n: number; bit: number | null }[]> {
  const { rows } = await pool.query(
    `SELECT w.word AS lexeme, w.ndoc AS n, c.bit FROM ts_stat($$SELECT search FROM jobs WHERE snapshot_id = ${snapshotId}$$) w
     LEFT JOIN common_words c ON c.snapshot_id = $1 AND c.lexeme = w.word ORDER BY w.ndoc DESC, w.word`,
    [snapshotId],
  );
  return rows;
}
