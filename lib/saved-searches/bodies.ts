// The jobs of a delivery live in its body, stored once for every search saved with one query
// (plan.ts). The sender reads each body once while it works through that query's deliveries,
// which the planner inserted together, and splices the jobs into each event unparsed.
import { hotQuery } from "../core/db";
import { Prisma } from "../generated/prisma/client";

/**
 * Bodies kept in memory per instance, the first read first out: a body never changes, so a kept
 * one is never stale, and a query's deliveries are claimed one after another, so few are needed.
 */
const KEEP = 32;
const kept = new Map<string, string>();

/** The jobs (a JSON array, as text) of each body asked for. */
export async function bodiesOf(ids: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const jobs = kept.get(id);
    if (jobs === undefined) missing.push(id);
    else found.set(id, jobs);
  }
  if (missing.length) {
    const rows = await hotQuery<{ id: string; jobs: string }>(
      Prisma.sql`SELECT id, jobs FROM delivery_bodies WHERE id = ANY(${missing}::text[])`,
    );
    for (const r of rows) {
      found.set(r.id, r.jobs);
      kept.set(r.id, r.jobs);
    }
    // Oldest first out: a Map iterates in insertion order.
    for (const id of kept.keys()) {
      if (kept.size <= KEEP) break;
      kept.delete(id);
    }
  }
  return found;
}

/** An event's JSON: its payload's fields, then `jobs` (already JSON) last. */
export function withJobs(payload: object, jobs: string): string {
  const head = JSON.stringify(payload);
  return head === "{}" ? `{"jobs":${jobs}}` : `${head.slice(0, -1)},"jobs":${jobs}}`;
}

/**
 * Of the bodies `ids`, those no delivery points at any more (their deliveries just purged); with
 * `sweep`, every such body older than a day (a search deleted, a planning that wrote no delivery),
 * which reads the whole table: run it rarely. A body younger than a day may be one a planning
 * under way has written and not yet pointed at.
 */
export async function purgeBodies(ids: readonly string[], sweep = false): Promise<void> {
  const unused = Prisma.sql`b.created_at < now() - interval '1 day'
    AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.body_id = b.id)`;
  if (ids.length)
    await hotQuery(
      Prisma.sql`DELETE FROM delivery_bodies b WHERE b.id = ANY(${[...new Set(ids)]}::text[]) AND ${unused}`,
    );
  if (sweep) await hotQuery(Prisma.sql`DELETE FROM delivery_bodies b WHERE ${unused}`);
}
