// Which group each candidate posting is in: connected components of the "same job" edges, each
// labelled with its best-ranked member. Done in the importer's memory over rank numbers, not by
// repeated UPDATEs of a temporary table: those rounds read and rewrote every candidate row per
// round, and at ten million postings that table no longer stayed in memory.
import type pg from "pg";

/** Ranks read or written per statement: bounds the importer's memory per step. */
const CHUNK = 100_000;

/**
 * For ranks 1..n and edges between them (pairs of equal length), each rank's label: the smallest
 * rank of its component. Union by smaller root keeps every root the minimum of its set.
 */
export function componentLabels(n: number, from: ArrayLike<number>, to: ArrayLike<number>): Int32Array {
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
  for (let i = 0; i < from.length; i++) {
    const a = find(from[i] as number);
    const b = find(to[i] as number);
    if (a < b) parent[b] = a;
    else if (b < a) parent[a] = b;
  }
  for (let i = 1; i <= n; i++) parent[i] = find(i);
  return parent;
}

/**
 * Reads `edges` (a, b: ranks of `nodes`, 1..count), labels the components, and writes
 * `labels` (rk, label) for every rank whose label is another rank: the copies.
 */
export async function writeGroupLabels(
  client: pg.PoolClient,
  tables: { nodes: string; edges: string; labels: string },
): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tables.nodes}`);
  const n = rows[0]?.n ?? 0;
  const from: number[] = [];
  const to: number[] = [];
  for (let lo = 0; lo < n; lo += CHUNK) {
    const { rows: part } = await client.query<{ a: number[] | null; b: number[] | null }>(
      `SELECT array_agg(a) AS a, array_agg(b) AS b FROM ${tables.edges} WHERE a > $1 AND a <= $2`,
      [lo, lo + CHUNK],
    );
    for (const v of part[0]?.a ?? []) from.push(v);
    for (const v of part[0]?.b ?? []) to.push(v);
  }
  const label = componentLabels(n, from, to);
  from.length = 0;
  to.length = 0;
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
    if (rks.length >= CHUNK) await flush();
  }
  await flush();
  await client.query(`ANALYZE ${tables.labels}`);
  return written;
}
