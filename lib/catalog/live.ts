// Which snapshot requests read. Each request resolves it once and uses that id for every query
// it makes, so it sees one snapshot even while an import swaps another in. The pointer is kept
// in memory for up to a second (an import in this process clears it at once): a new snapshot
// is served everywhere within a second of its swap.
//
// The pointer is always read from the primary. The rows of that snapshot are read through
// catalogDb(id): a replica that holds exactly that snapshot, else the primary
// (lib/core/db-replicas.ts), so a lagging replica delays nothing and never mixes two snapshots.
import { hotQuery } from "../core/db";
import { type CatalogReader, catalogReader, primaryCatalogReader } from "../core/db-replicas";
import { deepFreeze } from "../core/freeze";
import { Lru } from "../core/lru";
import { noteRevision, revisionOf, revisionSettled } from "../core/snapshot-revision";
import { isUnavailable } from "../core/unavailable";
import { Prisma } from "../generated/prisma/client";

/** revision: how many times expired jobs have been taken out of it since it went live. */
export type LiveSnapshot = { id: number; revision: number; countryCounts: Record<string, number> };

const TTL_MS = 1_000;
// On globalThis: Next bundles its own copy of this module, and imports run in scripts too.
const g = globalThis as unknown as {
  livePointer?: { value: LiveSnapshot | null; until: number };
  /** The one refresh in flight: requests arriving meanwhile wait for it rather than ask too. */
  liveLoading?: Promise<LiveSnapshot | null>;
  /** Moves on each invalidation, so a refresh that began before a swap does not store its answer. */
  liveGeneration?: number;
};
const POINTER_SQL = Prisma.sql`SELECT snapshot_id AS id, revision FROM catalog_live WHERE id = 1`;

// A snapshot changes only when expired jobs leave it, which moves its revision: its counts are
// kept per revision (the last few).
const countsByRevision = new Lru<Record<string, number>>(16);

async function load(): Promise<LiveSnapshot | null> {
  const rows = await hotQuery<{ id: number; revision: number }>(POINTER_SQL);
  const id = rows[0]?.id;
  if (id === undefined) return null;
  const revision = rows[0]?.revision ?? 0;
  noteRevision(id, revision);
  const key = `${id}.${revision}`;
  let countryCounts = countsByRevision.get(key);
  if (!countryCounts) {
    // By id, not through the pointer: the pointer may have moved on since the line above. A
    // newer revision's counts may be read here; they are never older than this revision's.
    const [snap] = await hotQuery<{ counts: Record<string, number> }>(
      Prisma.sql`SELECT country_counts AS counts FROM catalog_snapshots WHERE id = ${id}`,
    );
    if (!snap) return load();
    countryCounts = snap.counts;
    countsByRevision.set(key, countryCounts);
  }
  return { id, revision, countryCounts };
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

/**
 * The live snapshot, when it is `id` or newer: a pointer kept from before `id`'s swap (up to a
 * second old, or another process's import) is read again once. Null while `id` is not live yet.
 */
export async function liveSince(id: number): Promise<LiveSnapshot | null> {
  const known = await liveSnapshot();
  if (known && known.id >= id) return known;
  invalidateLiveSnapshot();
  const now = await liveSnapshot();
  return now && now.id >= id ? now : null;
}

/** Where to read rows of snapshot `snapshotId`: a replica that has it, or the primary. */
export function catalogDb(snapshotId: number): CatalogReader {
  return catalogReader(snapshotId);
}

/** The primary itself: for a read whose answer a replica may hold back (a cursor it has not seen). */
export function catalogPrimary(): CatalogReader {
  return primaryCatalogReader();
}

/** After a swap (or in tests that move the pointer by hand). */
export function invalidateLiveSnapshot(): void {
  g.livePointer = undefined;
  g.liveLoading = undefined;
  g.liveGeneration = (g.liveGeneration ?? 0) + 1;
}

/**
 * A cache of results of one snapshot: keys carry the snapshot id and its revision, so an entry
 * can never be stale; a new snapshot or revision simply misses until its own entries are made.
 * In the moments after a revision moved nothing is kept: an answer computed from rows read
 * before the move (still holding expired jobs) could otherwise be kept under the new revision.
 * Values are frozen as they go in: every request that hits shares them.
 */
export function snapshotCache<V>(max: number): {
  get(snapshot: number, key: string): V | undefined;
  set(snapshot: number, key: string, v: V): void;
} {
  const lru = new Lru<V>(max);
  return {
    get: (snapshot, key) => lru.get(`${snapshot}.${revisionOf(snapshot)}\u0000${key}`),
    set: (snapshot, key, v) => {
      if (!revisionSettled(snapshot)) return;
      lru.set(`${snapshot}.${revisionOf(snapshot)}\u0000${key}`, deepFreeze(v));
    },
  };
}
