// Which group each candidate posting is in: connected components of the "same job" edges, each
// labelled with its best-ranked member. Done in the importer's memory over rank numbers, not by
// rounds of UPDATEs of a temporary table: each round read and rewrote every candidate, which is
// slow once the candidates outgrow memory.
import type pg from "pg";

/** Union-find over ranks 1..n where every root is the smallest rank of its set. */
export function rankUnion(n: number) {
  const parent = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) parent[i] = i;
  const find = (x: number): number => {
    let r = x;
    while (parent[r] !== r) {
      parent[r] = parent[parent[r] as number] as number; // path halving
      r = parent[r] as number;
    }
    return r;
  };
  return {
    union(x: number, y: number): void {
      const a = find(x);
      const b = find(y);
      if (a < b) parent[b] = a;
      else if (b < a) parent[a] = b;
    },
    /** Each rank's label (index 0 unused): the smallest rank of its component. */
    labels(): Int32Array {
      for (let i = 1; i <= n; i++) parent[i] = find(i);
      return parent;
    },
  };
}

/** For ranks 1..n and edges between them (pairs of equal length), each rank's label. */
export function componentLabels(n: number, from: ArrayLike<number>, to: ArrayLike<number>): Int32Array {
  const sets = rankUnion(n);
  for (let i = 0; i < from.length; i++) sets.union(from[i] as number, to[i] as number);
  return sets.labels();
}

/**
 * Reads `edges` (a, b: int ranks of `nodes`, numbered 1..count), one range of `a` per statement,
 * joining sets as each range arrives, and writes `labels` (rk, label) for every rank whose label
 * is another rank: the copies. The importer holds one label per candidate and one range's edges.
 */
export async function writeGroupLabels(
  client: pg.PoolClient,
  tables: { nodes: string; edges: string; labels: string },
  chunk = 100_000,
): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tables.nodes}`);
  const n = rows[0]?.n ?? 0;
  const sets = rankUnion(n);
  await client.query(`CREATE INDEX ON ${tables.edges} (a)`);
  for (let lo = 0; lo < n; lo += chunk) {
    const { rows: part } = await client.query<{ a: number[] | null; b: number[] | null }>(
      `SELECT array_agg(a)::int[] AS a, array_agg(b)::int[] AS b FROM ${tables.edges} WHERE a > $1 AND a <= $2`,
      [lo, lo + chunk],
    );
    const a = part[0]?.a ?? [];
    const b = part[0]?.b ?? [];
    for (let i = 0; i < a.length; i++) sets.union(a[i] as number, b[i] as number);
  }
  const label = sets.labels();
  await client.query(`CREATE TEMP TABLE ${tables.labels} (rk int PRIMARY KEY, label int NOT NULL)`);
  let written = 0;
  let rks: number[] = [];
  let labels: number[] = [];
  const flush = async () => {
    if (rks.length === 0) return;
    await client.query(`INSERT INTO ${tables.labels} SELECT * FROM unnest($1::int[], $2::int[])`, [
      rks,
      labels,
    ]);
    written += rks.length;
    rks = [];
    labels = [];
  };
  for (let i = 1; i <= n; i++) {
    if (label[i] === i) continue;
    rks.push(i);
    labels.push(label[i] as number);
    if (rks.length >= chunk) await flush();
  }
  await flush();
  await client.query(`ANALYZE ${tables.labels}`);
  return written;
}
