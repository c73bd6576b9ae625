// Searches whose words the filters' jobs never hold: answered from the import's word counts
// without reading a job, and never at the cost of a job that matches.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCountryFilter } from "@/lib/catalog/countries";
import { resolveKeywords } from "@/lib/catalog/keywords/resolve";
import { forWalk } from "@/lib/catalog/keywords/walk-by-bits";
import { job, loadCatalog, type Rec } from "./support/fixtures";
import { getJson } from "./support/http";

const JOBS = 400;
let snapshotId = 0;

beforeAll(async () => {
  const jobs: Rec[] = Array.from({ length: JOBS }, (_, i) =>
    job(`w-${i}`, i % 2 ? "Site Carpenter" : "Joiner", i % 4 < 2 ? "DE" : "AT", i % 60, {
      // Scaffolding only ever in contracts; every job its own opening (one text is one job).
      employment_type: i % 2 ? "contract" : "full_time",
      description:
        i % 2
          ? `Opening ${i}. Contract work on scaffolding and formwork, site induction given.`
          : `Opening ${i}. Permanent role in a joinery workshop, site induction given.`,
    }),
  );
  // Rigging only ever in Switzerland.
  for (const i of [1, 2, 3])
    jobs.push(
      job(`w-ch-${i}`, "Rigger", "CH", i, {
        employment_type: "contract",
        description: `Opening CH ${i}. Rigging for stage builds, site induction given.`,
      }),
    );
  // A contract whose text holds markup: the database makes its words, so the import's counts
  // cannot say which it holds.
  jobs.push(
    job("w-markup", "Joiner", "FR", 3, {
      employment_type: "contract",
      description:
        "Opening markup. Scaffolding and rigging inspector, pay: base < bonus, site induction given.",
    }),
  );
  snapshotId = (await loadCatalog(jobs, null, "word counts")).snapshotId;
}, 120_000);

afterAll(async () => {
  await loadCatalog();
});

describe("searches whose words the filters' jobs never hold", () => {
  it("answer an exact zero, search and facets, without reading a job", async () => {
    // The words are looked up first (whether a word is known may read the jobs' words).
    await getJson("/v1/jobs?q=scaffolding&per_page=1");
    const [page, facets] = await whileJobsLocked(() =>
      Promise.all([
        getJson("/v1/jobs?q=scaffolding&employment_type=full_time&country=DE"),
        getJson("/v1/jobs/facets?q=scaffolding&employment_type=full_time&country=DACH"),
      ]),
    );
    expect(page.status).toBe(200);
    expect(page.body.meta).toMatchObject({ total: 0, total_exact: true });
    expect(page.body.items).toEqual([]);
    expect(facets.status).toBe(200);
    expect(facets.body.meta).toMatchObject({ total: 0 });
  });

  it("still find every job that holds them where the filters' jobs do", async () => {
    const contracts = await getJson(
      "/v1/jobs?q=scaffolding&employment_type=contract&country=DACH&per_page=1",
    );
    expect(contracts.body.meta).toMatchObject({ total: JOBS / 2, total_exact: true });
    // The job whose words the database made counts as holding any word: it is found.
    const markup = await getJson("/v1/jobs?q=scaffolding&employment_type=contract&country=FR");
    expect(markup.body.items.map((j: { id: string }) => j.id)).toEqual(["w-markup"]);
    // Words both kinds hold are not ruled out.
    const both = await getJson("/v1/jobs?q=induction&employment_type=full_time&country=DE&per_page=1");
    expect(both.body.meta).toMatchObject({ total: JOBS / 4, total_exact: true });
  });

  it("leave out of a region's walk the countries where nothing can match", async () => {
    const k = await resolveKeywords("rigging", snapshotId, false);
    if (!k.ok) throw new Error(JSON.stringify(k));
    const dach = resolveCountryFilter("DACH") ?? undefined;
    const f = { keywords: k.value.clauses, wordBits: k.value.bits, country: dach };
    const walk = await forWalk(snapshotId, f, 11);
    expect(walk.wordsByBits).toBe(true);
    expect(walk.country?.countries).toEqual(["CH"]);
    const page = await getJson("/v1/jobs?q=rigging&country=DACH&sort=date");
    expect(page.body.items.map((j: { id: string }) => j.id)).toEqual(["w-ch-1", "w-ch-2", "w-ch-3"]);
    expect(page.body.meta).toMatchObject({ total: 3, total_exact: true });
  });

  it("keep in a region's walk a country whose only match may be a job whose words the database made", async () => {
    const k = await resolveKeywords("rigging", snapshotId, false);
    if (!k.ok) throw new Error(JSON.stringify(k));
    const f = {
      keywords: k.value.clauses,
      wordBits: k.value.bits,
      country: resolveCountryFilter("EU") ?? undefined,
    };
    const walk = await forWalk(snapshotId, f, 11);
    expect(walk.wordsByBits).toBe(true);
    expect(walk.country?.countries).toEqual(["FR"]);
    const page = await getJson("/v1/jobs?q=rigging&country=EU&sort=date");
    expect(page.body.items.map((j: { id: string }) => j.id)).toEqual(["w-markup"]);
  });

  it("are told by the counts the import stored", async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      const { rows } = await pool.query(
        `SELECT w.by_country FROM word_counts w JOIN common_words c ON c.snapshot_id = w.snapshot_id AND c.bit = w.bit
         WHERE w.snapshot_id = $1 AND c.lexeme = 'scaffold'`,
        [snapshotId],
      );
      expect(rows).toEqual([{ by_country: { DE: JOBS / 4, AT: JOBS / 4 } }]);
    } finally {
      await pool.end();
    }
  });
});

/**
 * Runs `send` while another session holds the live catalog's partition: a request that reads a
 * job waits for the lock, so `send` must settle while it is held.
 */
async function whileJobsLocked<T>(send: () => Promise<T>): Promise<T> {
  const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await locker.connect();
  try {
    await locker.query("BEGIN");
    await locker.query(`LOCK TABLE jobs_s${snapshotId} IN ACCESS EXCLUSIVE MODE`);
    const pending = send();
    const settled = await Promise.race([
      pending.then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), 5_000)),
    ]);
    await locker.query("COMMIT");
    expect(settled, "answered while the jobs were locked").toBe(true);
    return await pending;
  } finally {
    await locker.end();
  }
}
