// Which snapshot requests read. Each request resolves it once and uses that id for every
// query it makes, so it sees one snapshot even while an import swaps another in.
import { db } from "../db";

export type LiveSnapshot = { id: number; countryCounts: Record<string, number> };

// Snapshots are immutable once live, so their counts can be kept for the process's life.
const countsById = new Map<number, Record<string, number>>();

export async function liveSnapshot(): Promise<LiveSnapshot | null> {
  const rows = await db().$queryRaw<{ snapshot_id: number }[]>`SELECT snapshot_id FROM catalog_live WHERE id = 1`;
  const id = rows[0]?.snapshot_id;
  if (id === undefined) return null;
  let countryCounts = countsById.get(id);
  if (!countryCounts) {
    const snap = await db().catalogSnapshot.findUniqueOrThrow({ where: { id }, select: { countryCounts: true } });
    countryCounts = snap.countryCounts as Record<string, number>;
    countsById.set(id, countryCounts);
  }
  return { id, countryCounts };
}
