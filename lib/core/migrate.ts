// Applies prisma/migrations/*/migration.sql in order and records them in Prisma's own
// _prisma_migrations table, so `prisma migrate deploy` agrees on a machine that has the engine.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
const LOCK_ID = 72_707_369; // any constant: serialises concurrent migrators

const BOOKKEEPING_DDL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export type Migration = { name: string; sql: string; checksum: string };

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/** Applies pending migrations; returns the names applied. Throws on an edited or failed migration. */
export async function migrate(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => {}); // a lost connection fails the next statement instead of crashing
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(BOOKKEEPING_DDL);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
    }>(`SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`);
    const done = new Map(rows.map((r) => [r.migration_name, r]));
    for (const m of await readMigrations(dir)) {
      const previous = done.get(m.name);
      if (previous?.finished_at === null)
        throw new Error(`Migration ${m.name} failed earlier; fix the database and mark it rolled back.`);
      if (previous && previous.checksum !== m.checksum)
        throw new Error(`Migration ${m.name} was edited after it was applied.`);
      if (previous) continue;
      await applyOne(client, m);
      applied.push(m.name);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    await client.end();
  }
  return applied;
}

async function applyOne(client: pg.Client, m: Migration): Promise<void> {
  const id = randomUUID();
  await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)`, [
    id,
    m.checksum,
    m.name,
  ]);
  try {
    await client.query("BEGIN");
    await client.query(m.sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK");
    await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, String(err)]);
    throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
  }
}

/** Runs `fn` on a connection to the same server's "postgres" database, with the target's name. */
async function withServer<T>(
  databaseUrl: string,
  fn: (admin: pg.Client, quotedName: string, name: string) => Promise<T>,
): Promise<T> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    return await fn(admin, `"${name.replaceAll('"', '""')}"`, name);
  } finally {
    await admin.end();
  }
}

/** Creates the database named in the URL when it does not exist yet (development and tests). */
export function ensureDatabase(databaseUrl: string): Promise<boolean> {
  return withServer(databaseUrl, async (admin, quoted, name) => {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return false;
    await admin.query(`CREATE DATABASE ${quoted}`);
    return true;
  });
}

export function dropDatabase(databaseUrl: string): Promise<void> {
  return withServer(databaseUrl, async (admin, quoted) => {
    await admin.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
  });
}
