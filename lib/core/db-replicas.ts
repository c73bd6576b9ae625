// Catalog reads on streaming replicas (DATABASE_REPLICA_URLS). A read is sent to a replica only
// when that replica is known to hold the very snapshot the request resolved on the primary: its
// own catalog_live pointer equals that snapshot id. The swap commits after every row of the new
// snapshot, and a replica replays the WAL in commit order, so a replica showing the pointer has
// all of that snapshot's rows. Any other replica, one that lags past DB_REPLICA_MAX_LAG_MS, or
// one that failed recently, is skipped and the primary answers: a mix of snapshots is never
// served, and a replica that goes away costs a retry on the primary, never an error.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { type Prisma, PrismaClient } from "../generated/prisma/client";
import { recordCatalogRead } from "../metrics/registry";
import {
  closeUnfinishedOnRelease,
  db,
  hotQuery,
  IDLE_CONNECTION_MS,
  PG_SESSION_OPTIONS,
  preparedQuery,
  queryByBitmaps,
} from "./db";
import { env } from "./env";
import { log } from "./log";
import { revisionOf } from "./snapshot-revision";
import { isUnavailable } from "./unavailable";

/** How often a replica's pointer and lag are read again (in the background, never waited for). */
const PROBE_EVERY_MS = 500;
/** A probe older than this no longer vouches for a replica (its probes are failing or hung). */
const PROBE_STALE_MS = 3_000;
/** A replica whose query failed is left alone this long. */
const DOWN_MS = 5_000;

type Replica = {
  name: string;
  client: PrismaClient;
  pool: pg.Pool;
  snapshot: number | null;
  /** Its catalog_live.revision: expired jobs it has taken out of that snapshot. */
  revision: number;
  lagMs: number;
  probedAt: number;
  downUntil: number;
  probing: boolean;
};

const g = globalThis as unknown as { dbReplicas?: Replica[]; dbReplicaTurn?: number };

function open(url: string, i: number): Replica {
  const { DB_POOL_MAX, DB_QUERY_TIMEOUT_MS } = env();
  const pool = new pg.Pool({
    connectionString: url,
    max: DB_POOL_MAX,
    options: PG_SESSION_OPTIONS,
    // Short: a replica that does not answer is skipped, the primary is there.
    connectionTimeoutMillis: 1_000,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    allowExitOnIdle: true,
    query_timeout: Math.min(DB_QUERY_TIMEOUT_MS, 2_000),
  });
  pool.on("error", () => {}); // an idle connection dropped by a stopped replica
  closeUnfinishedOnRelease(pool);
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  const name = `replica${i + 1}`;
  return {
    name,
    client,
    pool,
    snapshot: null,
    revision: 0,
    lagMs: 0,
    probedAt: 0,
    downUntil: 0,
    probing: false,
  };
}

function replicas(): Replica[] {
  g.dbReplicas ??= (env().DATABASE_REPLICA_URLS ?? []).map(open);
  return g.dbReplicas;
}

// Replay lag in ms: zero when everything received is replayed (an idle primary sends nothing,
// so the last replayed transaction's age says nothing then).
const PROBE_SQL = `SELECT l.snapshot_id AS snapshot, l.revision,
  CASE WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
  ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000, 0) END::float8 AS lag_ms
  FROM (SELECT 1) one LEFT JOIN catalog_live l ON l.id = 1`;

async function probe(r: Replica): Promise<void> {
  r.probing = true;
  try {
    const { rows } = await r.pool.query<{ snapshot: number | null; revision: number | null; lag_ms: number }>(
      PROBE_SQL,
    );
    r.snapshot = rows[0]?.snapshot ?? null;
    r.revision = rows[0]?.revision ?? 0;
    r.lagMs = rows[0]?.lag_ms ?? 0;
    r.probedAt = Date.now();
  } catch (err) {
    markDown(r, err);
  } finally {
    r.probing = false;
  }
}

function markDown(r: Replica, err: unknown): void {
  if (Date.now() >= r.downUntil) log.warn("catalog replica skipped", { replica: r.name, error: String(err) });
  r.downUntil = Date.now() + DOWN_MS;
  r.snapshot = null;
}

function usable(r: Replica, snapshotId: number, now: number): boolean {
  if (!r.probing && now - r.probedAt >= PROBE_EVERY_MS && now >= r.downUntil) void probe(r);
  return (
    now >= r.downUntil &&
    r.snapshot === snapshotId &&
    // Expired jobs the primary has already taken out must be gone on the replica too.
    r.revision >= revisionOf(snapshotId) &&
    now - r.probedAt < PROBE_STALE_MS &&
    r.lagMs <= env().DB_REPLICA_MAX_LAG_MS
  );
}

/** The replica to read `snapshotId` from (round robin over the usable ones), or null for the primary. */
function pick(snapshotId: number): Replica | null {
  const list = replicas();
  if (list.length === 0) return null;
  const now = Date.now();
  const ok = list.filter((r) => usable(r, snapshotId, now));
  if (ok.length === 0) return null;
  g.dbReplicaTurn = ((g.dbReplicaTurn ?? 0) + 1) % ok.length;
  return ok[g.dbReplicaTurn] ?? null;
}

type Raw = PrismaClient["$queryRaw"];
export type CatalogReader = {
  /** A prepared statement (lib/core/db.ts hotQuery): rows as node-postgres parses them. */
  query: <T extends pg.QueryResultRow>(sql: Prisma.Sql) => Promise<T[]>;
  /** Through Prisma: its type mapping (dates, bigints). */
  $queryRaw: <T = unknown>(...args: Parameters<Raw>) => Promise<T>;
  /** With plain index scans off for the statement (lib/core/db.ts queryByBitmaps). */
  byBitmaps: <T extends pg.QueryResultRow>(sql: Prisma.Sql) => Promise<T[]>;
};

const primary: CatalogReader = {
  query: (sql) => hotQuery(sql),
  $queryRaw: (...args) => db().$queryRaw(...args),
  byBitmaps: (sql) => queryByBitmaps(sql),
};

/** The primary as a catalog reader: for a read a replica may have answered from behind. */
export const primaryCatalogReader = (): CatalogReader => primary;

/** Where the catalog queries of a request that resolved `snapshotId` run. */
export function catalogReader(snapshotId: number): CatalogReader {
  const replica = pick(snapshotId);
  if (!replica) {
    recordCatalogRead("primary");
    return primary;
  }
  // A replica that fails is skipped from then on, and this read is answered by the primary.
  async function orPrimary<T>(onReplica: () => Promise<T>, onPrimary: () => Promise<T>): Promise<T> {
    if (!replica) return onPrimary();
    try {
      const rows = await onReplica();
      recordCatalogRead("replica");
      return rows;
    } catch (err) {
      if (!isUnavailable(err)) throw err;
      markDown(replica, err);
      recordCatalogRead("primary_after_replica_error");
      return onPrimary();
    }
  }
  return {
    query: (sql) =>
      orPrimary(
        () => preparedQuery(replica.pool, sql),
        () => hotQuery(sql),
      ),
    $queryRaw: <T>(...args: Parameters<Raw>) =>
      orPrimary(
        () => replica.client.$queryRaw<T>(...args),
        () => db().$queryRaw<T>(...args),
      ),
    byBitmaps: <T extends pg.QueryResultRow>(sql: Prisma.Sql) =>
      orPrimary(
        () => queryByBitmaps<T>(sql, replica.pool),
        () => queryByBitmaps<T>(sql),
      ),
  };
}

/** Each replica's state, for /metrics. */
export function replicaStates(): {
  name: string;
  up: boolean;
  snapshot: number | null;
  revision: number;
  lagMs: number;
  pool: { total: number; idle: number; waiting: number };
}[] {
  const now = Date.now();
  return replicas().map((r) => ({
    name: r.name,
    up: now >= r.downUntil && now - r.probedAt < PROBE_STALE_MS,
    snapshot: r.snapshot,
    revision: r.revision,
    lagMs: r.lagMs,
    pool: { total: r.pool.totalCount, idle: r.pool.idleCount, waiting: r.pool.waitingCount },
  }));
}

export async function disconnectReplicas(): Promise<void> {
  const list = g.dbReplicas ?? [];
  g.dbReplicas = undefined;
  await Promise.all(list.map((r) => r.client.$disconnect().catch(() => {})));
}
