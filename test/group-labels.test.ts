// Grouping's labels against the real database: edges read a range of ranks at a time, with
// ranges smaller than the graph, give each posting the best rank of its group, and only copies
// are written.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeGroupLabels } from "@/lib/catalog/import/group-labels";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
const tables = { nodes: "t_nodes", edges: "t_edges", labels: "t_labels" };

beforeAll(() => client.connect());
afterAll(() => client.end());

async function labelled(n: number, edges: [number, number][], chunk: number) {
  await client.query("DROP TABLE IF EXISTS t_nodes, t_edges, t_labels");
  await client.query(`CREATE TEMP TABLE t_nodes AS SELECT rk::int FROM generate_series(1, ${n}) rk`);
  await client.query("CREATE TEMP TABLE t_edges (a int, b int)");
  if (edges.length)
    await client.query("INSERT INTO t_edges SELECT * FROM unnest($1::int[], $2::int[])", [
      edges.map((e) => e[0]),
      edges.map((e) => e[1]),
    ]);
  const written = await writeGroupLabels(client as unknown as pg.PoolClient, tables, chunk);
  const { rows } = await client.query<{ rk: number; label: number }>(
    "SELECT rk, label FROM t_labels ORDER BY rk",
  );
  return { written, labels: Object.fromEntries(rows.map((r) => [r.rk, r.label])) };
}

describe("grouping's labels", () => {
  it("join groups whose edges fall in different ranges of ranks read", async () => {
    // 9-7-2 chained across three ranges of 3, 4-5, 8 with 1 through an edge from the last range.
    const got = await labelled(
      10,
      [
        [9, 7],
        [7, 2],
        [5, 4],
        [10, 8],
        [8, 1],
      ],
      3,
    );
    expect(got.labels).toEqual({ 5: 4, 7: 2, 8: 1, 9: 2, 10: 1 });
    expect(got.written).toBe(5);
  });

  it("write nothing when no posting has a copy", async () => {
    expect(await labelled(4, [], 2)).toEqual({ written: 0, labels: {} });
    expect(await labelled(0, [], 2)).toEqual({ written: 0, labels: {} });
  });

  it("label a star of one text posted many times after its best-ranked posting", async () => {
    const star: [number, number][] = Array.from({ length: 49 }, (_, i) => [30, i + 2 === 30 ? 1 : i + 2]);
    const got = await labelled(50, star, 7);
    expect(Object.keys(got.labels)).toHaveLength(49);
    expect(new Set(Object.values(got.labels))).toEqual(new Set([1]));
  });
});
