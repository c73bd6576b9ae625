// Which snapshot requests read. Each request resolves it once and uses that id for every
// query it makes, so it sees one snapshot even while an import swaps another in.
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";

export type LiveSnapshot = { id: number; countryCounts: Record<string, number> };

/** For single statements that resolve the live snapshot themselves. */
export const LIVE_SNAPSHOT_ID = Prisma.sql`(SELECT snapshot_id FROM catalog_live WHERE id = 1)`;

// Snapshots are immutable once live, so their counts can be kept for the process's life.
const countsById = new Map<number, Record<string, number>>();

export async function liveSnapshot(): Promise<LiveSnapshot | null> {
  const rows = await db().$queryRaw<{ id: number }[]>`SELECT snapshot_id AS id FROM catalog_live WHERE id = 1`;
  const id = rows[0]?.id;
  if (id === undefined) return null;
  let countryCounts = countsById.get(id);
  if (!countryCounts) {
    // By id, not through the pointer: the pointer may have moved on since the line above.
    const snap = await db().catalogSnapshot.findUnique({ where: { id }, select: { countryCounts: true } });
    if (!snap) return liveSnapshot();
    countryCounts = snap.countryCounts as Record<string, number>;
    countsById.set(id, countryCounts);
  }
  return { id, countryCounts };
}
