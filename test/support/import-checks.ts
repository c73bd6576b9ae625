// What import tests compare: the live snapshot and its tables, a snapshot's whole content, and
// the problems a rejected import reports.
import type pg from "pg";
import { ImportError } from "@/lib/catalog/import/load";

/** Which snapshot is live, which partitions exist, and how many jobs the live one holds. */
export async function snapshotState(client: pg.Client) {
  const live = await client.query("SELECT snapshot_id FROM catalog_live");
  const parts = await client.query(
    `SELECT c.relname FROM pg_class c WHERE c.relname ~ '^jobs_s[0-9]+$' ORDER BY 1`,
  );
  const count = await client.query(
    "SELECT count(*)::int AS n FROM jobs WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live)",
  );
  return {
    live: live.rows[0]?.snapshot_id as number,
    tables: parts.rows.map((r) => r.relname as string),
    jobs: count.rows[0].n as number,
  };
}

// Everything a snapshot holds but its id: equal digests mean equal rows, titles and counts.
export async function snapshotDigest(client: pg.Client, snapshotId: number) {
  const one = async (sql: string) => (await client.query(sql, [snapshotId])).rows[0].d as string;
  return {
    jobs: await one(
      `SELECT md5(string_agg((to_jsonb(j) - 'snapshot_id' - 'first_seen_at' - 'last_seen_at')::text, '|' ORDER BY j.id)) AS d FROM jobs j WHERE snapshot_id = $1`,
    ),
    titles: await one(
      `SELECT md5(string_agg(concat_ws('|', id, title, counts::text, terms), '#' ORDER BY id)) AS d FROM job_titles WHERE snapshot_id = $1`,
    ),
    counts: await one(
      `SELECT md5(country_counts::text || combo_counts::text) AS d FROM catalog_snapshots WHERE id = $1`,
    ),
  };
}

export async function rejection(promise: Promise<unknown>): Promise<ImportError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ImportError) return err;
    throw err;
  }
  throw new Error("import was not rejected");
}
