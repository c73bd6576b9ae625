// One writer of the catalog at a time. An import holds IMPORT_LOCK for its whole run; an expiry
// (expire-jobs.ts) holds it for its one transaction, and EXPIRY_LOCK beside it, so that an
// import arriving meanwhile can tell it apart from another import and wait for it.
import type pg from "pg";

export const IMPORT_LOCK = 72_707_370;
export const EXPIRY_LOCK = 72_707_371;

/** Whether this database's advisory lock `key` is held (keys below 2^31: classid 0, objid key). */
export const heldSql = (key: string) =>
  `EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = ${key} AND granted
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))`;

/** How long an import waits for expiries to finish before it gives up. */
const EXPIRY_WAIT_MS = 10 * 60_000;
const POLL_MS = 200;

/** Takes the import's lock for the session, waiting out expiries; throws if an import holds it. */
export async function takeImportLock(client: pg.ClientBase, waitMs = EXPIRY_WAIT_MS): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    const { rows } = await client.query("SELECT pg_try_advisory_lock($1) AS ok", [IMPORT_LOCK]);
    if (rows[0]?.ok) return;
    const { rows: held } = await client.query(`SELECT ${heldSql("$1")} AS expiring`, [EXPIRY_LOCK]);
    if (!held[0]?.expiring)
      throw new Error("Another catalog import is running; try again when it has finished.");
    if (Date.now() > until)
      throw new Error("Taking expired jobs out of the catalog is taking too long; try again.");
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
