// Names the lines of ids that appear more than once, after the unique index refused them.
import type pg from "pg";
import { partitionName } from "./activate";
import { ImportError, MAX_PROBLEMS } from "./import-error";
import type { Numbered } from "./read";

/** The unique index refused the partition: which ids repeat, and on which lines. */
export async function duplicateIds(
  client: pg.PoolClient,
  snapshotId: number,
  reread?: () => AsyncIterable<Numbered>,
): Promise<ImportError> {
  // A scan of the new table, on this failure path only.
  const { rows } = await client.query<{ id: string; n: number }>(
    `SELECT id, count(*)::int AS n FROM ${partitionName(snapshotId)} GROUP BY id HAVING count(*) > 1 ORDER BY id LIMIT ${MAX_PROBLEMS}`,
  );
  const lines = new Map(rows.map((r) => [r.id, [] as number[]]));
  if (reread)
    for await (const item of reread()) {
      if (!("record" in item)) continue;
      const id = item.record.id;
      const at = lines.get(typeof id === "number" ? String(id) : String(id ?? ""));
      if (at && at.length < 5) at.push(item.line);
    }
  const problems = rows.map(({ id, n }) => {
    const at = lines.get(id) ?? [];
    const where = at.length > 1 ? ` (first on line ${at[0]})` : "";
    const times = n === 2 ? "twice" : `${n} times`;
    return { line: at[1] ?? 0, message: `id: "${id}" appears ${times}${where}` };
  });
  return new ImportError(problems.sort((a, b) => a.line - b.line));
}
