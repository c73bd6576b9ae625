// Holding the live catalog's partition from another session, so a test can make a request's
// count run out of its deadline while the request itself waits and then answers.
import pg from "pg";

/**
 * Runs `send` while another session holds the live catalog's partition for `holdMs`: a count
 * waits past its deadline and gives up, the page waits for the lock and then answers.
 */
export async function whileCatalogLocked<T>(send: () => Promise<T>, holdMs: number): Promise<T> {
  const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await locker.connect();
  try {
    const { rows } = await locker.query<{ snapshot_id: number }>("SELECT snapshot_id FROM catalog_live");
    await locker.query("BEGIN");
    await locker.query(`LOCK TABLE jobs_s${rows[0]?.snapshot_id} IN ACCESS EXCLUSIVE MODE`);
    const pending = send();
    await new Promise((r) => setTimeout(r, holdMs));
    await locker.query("COMMIT");
    return await pending;
  } finally {
    await locker.end();
  }
}

/**
 * Runs `send` while another session holds `table`: once a statement of `send` is seen waiting
 * for it (however busy the machine), until `send` has answered (its counts gave up at their
 * deadline), or `maxMs` more at most.
 */
export async function whileTableLocked<T>(table: string, send: () => Promise<T>, maxMs = 1_500): Promise<T> {
  const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await locker.connect();
  try {
    await locker.query("BEGIN");
    await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    const pending = send();
    const waiting = () =>
      locker
        .query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE relation = $1::regclass AND NOT granted",
          [table],
        )
        .then((r) => (r.rows[0]?.n ?? 0) > 0);
    for (let tries = 0; tries < 200 && !(await waiting()); tries++)
      await new Promise((r) => setTimeout(r, 50));
    await Promise.race([pending.catch(() => {}), new Promise((r) => setTimeout(r, maxMs))]);
    await locker.query("COMMIT");
    return await pending;
  } finally {
    await locker.end();
  }
}
