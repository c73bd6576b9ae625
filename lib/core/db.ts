// One Prisma client per process (kept on globalThis so dev hot reloads reuse it).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { type Prisma, PrismaClient } from "../generated/prisma/client";
import { env } from "./env";
import { log } from "./log";

/**
 * Session settings for the API's short queries: JIT compiling and parallel workers each cost
 * tens of milliseconds to start, more than these queries take; the data sits in memory, so
 * random reads cost little more than sequential ones. Every hot query has an index, so a
 * sequential scan is never wanted: ruling it out keeps skewed statistics from flipping a
 * plan onto a million-row scan (for broad title terms the index costs no more: see
 * docs/performance.md).
 * No API statement should run for seconds: a 5 s statement timeout turns a stuck one into a 503.
 * Prepared statements (hotQuery) are always planned for their values: a search's best plan
 * depends on how common its title is, which a generic plan cannot know.
 * A keyword search ANDs the words' index with a filter's as bitmaps; with the default 4 MB a
 * common word's bitmap turns lossy, and every job on a lossy page has its words (kept out of
 * line, kilobytes each) read again to check them. 32 MB keeps them exact at a million jobs; it is
 * a ceiling per sort or bitmap node (twice that per hash), reached only by statements that need
 * it (docs/operations.md budgets the memory).
 */
export const PG_SESSION_OPTIONS =
  "-c jit=off -c max_parallel_workers_per_gather=0 -c random_page_cost=1.1 -c enable_seqscan=off -c statement_timeout=5000 -c plan_cache_mode=force_custom_plan -c work_mem=32MB";

/**
 * How long an idle connection is kept (node-postgres closes one after 10 s by default). A new
 * server process takes a page fault for each shared buffer it first touches, so its first
 * searches read slower and their counts miss their deadline: a quiet server's next burst should
 * find its connections warm (docs/operations.md, huge pages).
 */
export const IDLE_CONNECTION_MS = 600_000;

const globalForDb = globalThis as unknown as {
  prisma?: PrismaClient;
  pool?: pg.Pool;
  statements?: Map<string, string>;
};

function createClient(): PrismaClient {
  const { DATABASE_URL, DB_POOL_MAX, DATABASE_EMBEDDED, DB_QUERY_TIMEOUT_MS } = env();
  // The embedded database lets one client in at a time: hand the connection back soon after a
  // burst so a CLI in another terminal gets its turn, and wait longer for ours.
  const timing = DATABASE_EMBEDDED
    ? { idleTimeoutMillis: 1_000, connectionTimeoutMillis: 30_000 }
    : // Client-side limits: a frozen server enforces no statement_timeout, so without these a
      // request would wait for as long as the server is frozen. A query that times out fails
      // its connection, which the pool then replaces: the pool recovers by itself.
      {
        connectionTimeoutMillis: 2_000,
        query_timeout: DB_QUERY_TIMEOUT_MS,
        idleTimeoutMillis: IDLE_CONNECTION_MS,
      };
  const pool = new pg.Pool({
    // Idle connections kept warm must not keep a script alive after its work is done.
    allowExitOnIdle: true,
    connectionString: DATABASE_URL,
    max: DB_POOL_MAX,
    options: PG_SESSION_OPTIONS,
    ...timing,
  });
  // A transaction whose statements timed out (a frozen server) is handed back without an
  // error, its ROLLBACK having timed out too, while the server still holds it open: such a
  // connection is closed, never reused, or later writes on it would never be committed.
  // An idle connection the server closed (a restart, a dropped database, an administrator):
  // the pool replaces it; without a listener the error would end the process.
  pool.on("error", (err) => log.warn("an idle database connection was closed", { error: err.message }));
  closeUnfinishedOnRelease(pool);
  globalForDb.pool = pool;
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  return new PrismaClient({ adapter });
}

/**
 * A connection handed back inside a transaction (its ROLLBACK failed or timed out) is closed,
 * never reused: the next borrower would run in that transaction, with its local settings.
 */
export function closeUnfinishedOnRelease(pool: pg.Pool): void {
  pool.on("release", (err: Error | undefined, client: pg.PoolClient) => {
    if (!err && client.getTransactionStatus() !== "I") void client.end().catch(() => {});
  });
}

export function db(): PrismaClient {
  globalForDb.prisma ??= createClient();
  return globalForDb.prisma;
}

export async function disconnectDb(): Promise<void> {
  await globalForDb.prisma?.$disconnect();
  globalForDb.prisma = undefined;
  globalForDb.pool = undefined;
}

// Past this many distinct statement texts, further ones run unnamed (each connection keeps
// what it prepared for as long as it lives).
const MAX_NAMED_STATEMENTS = 200;

/**
 * A read on the request path, straight on Prisma's own pool as a named prepared statement:
 * the same SQL (`Prisma.sql`, so values stay parameters) for a fraction of the CPU a Prisma
 * query costs (docs/decisions/0002-prepared-statements-beside-prisma.md). Rows come as
 * node-postgres parses them: int8 and numeric as strings, date as a local-time Date, so cast
 * in SQL (::int, ::text) where that matters.
 */
export async function hotQuery<T extends pg.QueryResultRow>(sql: Prisma.Sql): Promise<T[]> {
  return preparedQuery<T>(primaryPool(), sql);
}

/**
 * `fn` on a connection for maintenance that may take minutes (taking expired jobs out of the
 * catalog, then VACUUM): a connection of its own with no time limits, closed afterwards; on
 * the embedded database, which lets one client in at a time, one of the pool's (it has none).
 */
export async function withMaintenanceClient<R>(fn: (client: pg.ClientBase) => Promise<R>): Promise<R> {
  if (env().DATABASE_EMBEDDED) {
    const client = await primaryPool().connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  }
  const client = new pg.Client({ connectionString: env().DATABASE_URL, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {}); // a connection lost mid-way fails its next query instead
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Prisma's own pool, opened with the client on first use. */
function primaryPool(): pg.Pool {
  db();
  if (!globalForDb.pool) throw new Error("the database pool is not open");
  return globalForDb.pool;
}

/**
 * A read given at most `ms`: one transaction with a local statement_timeout, on the primary's
 * pool. A statement it cancels rejects with Postgres's code 57014.
 */
export function queryWithin<T extends pg.QueryResultRow>(ms: number, sql: Prisma.Sql): Promise<T[]> {
  return queryWithSettings([`statement_timeout = ${Math.max(1, Math.round(ms))}`], sql);
}

/** Runs a read under a statement timeout; null when it ran out. */
export async function rowsWithin<T extends pg.QueryResultRow>(
  ms: number,
  sql: Prisma.Sql,
): Promise<T[] | null> {
  try {
    return await queryWithin<T>(ms, sql);
  } catch (err) {
    if (isStatementTimeout(err)) return null;
    throw err;
  }
}

function isStatementTimeout(err: unknown): boolean {
  const e = err as { code?: string; meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } };
  return e?.code === "57014" || e?.meta?.driverAdapterError?.cause?.originalCode === "57014";
}

/**
 * A read meant to come from bitmaps (the words' index ANDed with a filter's), on `pool` (the
 * primary's unless a replica's is given): plain index scans are off for its one statement. The
 * planner prices reading a job's words as one operator, so it would rather walk a filter's
 * index and read every job's words. Catalog modules call it through catalogDb(id).byBitmaps.
 */
export function queryByBitmaps<T extends pg.QueryResultRow>(sql: Prisma.Sql, pool?: pg.Pool): Promise<T[]> {
  return queryWithSettings(["enable_indexscan = off"], sql, pool);
}

async function queryWithSettings<T extends pg.QueryResultRow>(
  settings: string[],
  sql: Prisma.Sql,
  pool: pg.Pool = primaryPool(),
): Promise<T[]> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    for (const setting of settings) await client.query(`SET LOCAL ${setting}`);
    const res = await client.query<T>(sql.text, sql.values);
    await client.query("COMMIT");
    return res.rows;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export type TxQuery = <T extends pg.QueryResultRow>(sql: Prisma.Sql) => Promise<T[]>;

/** The client of a Prisma interactive transaction (`db().$transaction(async (tx) => …)`). */
export type DbTx = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

/**
 * `fn`'s statements in one transaction on one connection of the primary's pool, committed when
 * `fn` resolves and rolled back when it throws. One connection is all it takes, so it works on
 * the embedded database too (a pool of one); transaction-level advisory locks end with it.
 */
export async function inTransaction<R>(fn: (query: TxQuery) => Promise<R>): Promise<R> {
  const client = await primaryPool().connect();
  const query: TxQuery = async (sql) => (await client.query(sql.text, sql.values)).rows;
  try {
    await client.query("BEGIN");
    const out = await fn(query);
    await client.query("COMMIT");
    return out;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** hotQuery on another pool (a read replica's). */
export async function preparedQuery<T extends pg.QueryResultRow>(
  pool: pg.Pool,
  sql: Prisma.Sql,
): Promise<T[]> {
  globalForDb.statements ??= new Map();
  let name = globalForDb.statements.get(sql.text);
  if (!name && globalForDb.statements.size < MAX_NAMED_STATEMENTS) {
    name = `hot${globalForDb.statements.size}`;
    globalForDb.statements.set(sql.text, name);
  }
  const res = await pool.query<T>({ name, text: sql.text, values: sql.values });
  return res.rows;
}

/** The primary pool's connections (for /metrics); zeros before the first query. */
export function dbPoolStats(): { total: number; idle: number; waiting: number } {
  const p = globalForDb.pool;
  return { total: p?.totalCount ?? 0, idle: p?.idleCount ?? 0, waiting: p?.waitingCount ?? 0 };
}
