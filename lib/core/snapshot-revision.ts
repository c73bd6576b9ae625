// The newest revision of each catalog snapshot this process has seen on the primary: how many
// times expired jobs have been taken out of it since it went live (catalog_live.revision).
// Revisions only grow. Caches of a snapshot's answers and the choice of a replica follow them.

/**
 * After a revision moves, answers are not cached for this long: one computed from rows read
 * before the move could still arrive (a request's statements end within seconds: the request
 * deadline, the statement timeout, the counts finished off the request path).
 */
export const REVISION_SETTLE_MS = 30_000;

// On globalThis: Next bundles its own copy of this module, and imports run in scripts too.
const g = globalThis as unknown as {
  snapshotRevisions?: Map<number, { revision: number; movedAt: number }>;
};
g.snapshotRevisions ??= new Map();
const revisions = g.snapshotRevisions;

/** Records what the primary's pointer said; an older answer read late never moves it back. */
export function noteRevision(snapshotId: number, revision: number, now = Date.now()): void {
  const known = revisions.get(snapshotId);
  if (!known) revisions.set(snapshotId, { revision, movedAt: 0 });
  else if (revision > known.revision) revisions.set(snapshotId, { revision, movedAt: now });
}

export function revisionOf(snapshotId: number): number {
  return revisions.get(snapshotId)?.revision ?? 0;
}

/** False in the moments after the snapshot's revision moved, while old answers may arrive. */
export function revisionSettled(snapshotId: number, now = Date.now()): boolean {
  return now - (revisions.get(snapshotId)?.movedAt ?? 0) >= REVISION_SETTLE_MS;
}
