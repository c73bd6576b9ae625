// Which snapshot requests read. Each request resolves it once and uses that id for every query
// it makes, so it sees one snapshot even while an import swaps another in. The pointer is kept
// in memory for up to a second (an import in this process clears it at once): a new snapshot
// is served everywhere within a second of its swap.
//
// The pointer is always read from the primary. The rows of that snapshot are read through
// catalogDb(id): a replica that holds exactly that snapshot, else the primary
// (lib/core/db-replicas.ts), so a lagging replica delays nothing and never mixes two snapshots.
import { hotQuery } from "../core/db";
import { type CatalogReader, catalogReader } from "../core/db-replicas";
import { deepFreeze } from "../core/freeze";
import { Lru } from "../core/lru";
import { isUnavailable } from "../core/unavailable";
import { Prisma } from "../generated/prisma/client";

export type LiveSnapshot = { id: number; countryCounts: Record<string, number> };

const TTL_MS = 1_000;
// On globalThis: Next bundles its own copy of this module, and imports run in scripts too.
const g = globalThis as unknown as {
  livePointer?: { value: LiveSnapshot | null; until: number };
  /** The one refresh in flight: requests arriving meanwhile wait for it rather than ask too. */
  liveLoading?: Promise<LiveSnapshot | null>;
  /** Moves on each invalidation, so a refresh that began before a swap does not store its answer. */
  liveGeneration?: number;
};
const POINTER_SQL = Prisma.sql`SELECT snapshot_id AS id FROM catalog_live WHERE id = 1`;

// Snapshots are immutable once live, so their counts can be kept for the process's life.
const countsById = new Map<number, Record<string, number>>();

async function load(): Promise<LiveSnapshot | null> {
  const rows = await hotQuery<{ id: number }>(POINTER_SQL);
  const id = rows[0]?.id;
  if (id === undefined) return null;
  let countryCounts = countsById.get(id);
  if (!countryCounts) {
    // By id, not through the pointer: the pointer may have moved on since the line above.
    const [snap] = await hotQuery<{ counts: Record<string, number> }>(
      Prisma.sql`SELECT country_counts AS counts FROM catalog_snapshots WHERE id = ${id}`,
    );
    if (!snap) return load();
    countryCounts = snap.counts;
    countsById.set(id, countryCounts);
  }
  return { id, countryCounts };
}

export async function liveSnapshot(): Promise<LiveSnapshot | null> {
  const known = g.livePointer;
  if (known && known.until > Date.now()) return known.value;
  if (g.liveLoading !== undefined) return g.liveLoading;
  const loading = refresh(known).finally(() => {
    if (g.liveLoading === loading) g.liveLoading = undefined;
  });
  g.liveLoading = loading;
  return loading;
}

async function refresh(known: { value: LiveSnapshot | null } | undefined): Promise<LiveSnapshot | null> {
  let value: LiveSnapshot | null;
  const now = Date.now();
  const generation = g.liveGeneration ?? 0;
  const keep = (v: LiveSnapshot | null) => {
    if ((g.liveGeneration ?? 0) === generation) g.livePointer = { value: v, until: now + TTL_MS };
    return v;
  };
  try {
    value = await load();
  } catch (err) {
    // The database is away: keep serving the snapshot we know (it is immutable, and results
    // cached for it stay right) rather than fail requests a cache could answer.
    if (!known || !isUnavailable(err)) throw err;
    return keep(known.value);
  }
  return keep(value);
}

/** Where to read rows of snapshot `snapshotId`: a replica that has it, or the primary. */
export function catalogDb(snapshotId: number): CatalogReader {
  return catalogReader(snapshotId);
}

/** After a swap (or in tests that move the pointer by hand). */
export function invalidateLiveSnapshot(): void {
  g.livePointer = undefined;
  g.liveLoading = undefined;
  g.liveGeneration = (g.liveGeneration ?? 0) + 1;
}

/**
 * A cache of results of one snapshot: keys carry the snapshot id, so an entry can never be
 * stale; a new snapshot simply misses until its own entries are made. Values are frozen as
 * they go in: every request that hits shares them.
 */
export function snapshotCache<V>(max: number): {
  get(snapshot: number, key: string): V | undefined;
  set(snapshot: number, key: string, v: V): void;
} {
  const lru = new Lru<V>(max);
  return {
    get: (snapshot, key) => lru.get(`${snapshot}\u0000${key}`),
    set: (snapshot, key, v) => lru.set(`${snapshot}\u0000${key}`, deepFreeze(v)),
  };
}
