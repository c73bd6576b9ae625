// Taking copies out of a snapshot's title counts runs while the snapshot's titles are newer than
// the table's statistics: the planner takes them for a row or two. The statement must still
// read its per-title differences once, not once per title (a nested loop did, for minutes, on a
// second import of a million jobs). Run in a schema of its own, against the real database.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subtractCopiedTitles } from "@/lib/catalog/import/titles";

const SCHEMA = `subtract_${process.pid}`;
const TITLES = 2_000;
let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${SCHEMA}`);
  await client.query(`SET search_path = ${SCHEMA}`);
  await client.query(
    "CREATE TABLE job_titles (snapshot_id int, id int, counts jsonb, PRIMARY KEY (snapshot_id, id))",
  );
  await client.query("CREATE TABLE copies (title_id int, country_code char(2))");
  // Statistics taken while only an older snapshot's titles were there.
  await client.query(`INSERT INTO job_titles SELECT 1, i, '{"*": 1}' FROM generate_series(1, ${TITLES}) i`);
  await client.query("ANALYZE job_titles");
  await client.query(
    `INSERT INTO job_titles SELECT 2, i, jsonb_build_object('*', 5, 'DE', 3, 'EU', 3, 'EEA', 3, 'DACH', 3, 'US', 2) FROM generate_series(1, ${TITLES}) i`,
  );
  // Every title has copies: two in Germany, one in the US.
  await client.query(
    `INSERT INTO copies SELECT i, c FROM generate_series(1, ${TITLES}) i, unnest(ARRAY['DE', 'DE', 'US']) c`,
  );
  await client.query("ANALYZE copies");
});

afterAll(async () => {
  await client.query(`DROP SCHEMA ${SCHEMA} CASCADE`);
  await client.end();
});

type Plan = { "Node Type": string; Plans?: Plan[] };
const nodes = (p: Plan): string[] => [p["Node Type"], ...(p.Plans ?? []).flatMap(nodes)];

describe("taking copies out of the titles' counts", () => {
  it("joins each title with its differences once, whatever rows the statistics promise", async () => {
    // The importer's own session and statement; the UPDATE is explained first, as it will run.
    const plans: Plan[] = [];
    const spy = {
      query: async (text: string, values?: unknown[]) => {
        if (/^\s*WITH per AS/.test(text)) {
          const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
          plans.push(rows[0]["QUERY PLAN"][0].Plan);
        }
        return client.query(text, values);
      },
    } as unknown as pg.ClientBase;
    await subtractCopiedTitles(spy, 2, "copies");
    expect(plans).toHaveLength(1);
    expect(nodes(plans[0] as Plan)).not.toContain("Nested Loop");
    const { rows } = await client.query(
      "SELECT counts, count(*)::int AS n FROM job_titles WHERE snapshot_id = 2 GROUP BY 1",
    );
    expect(rows).toEqual([{ counts: { "*": 2, DE: 1, EU: 1, EEA: 1, DACH: 1, US: 1 }, n: TITLES }]);
    // The session is as it was.
    const setting = await client.query("SHOW enable_nestloop");
    expect(setting.rows[0].enable_nestloop).toBe("on");
  });
});
