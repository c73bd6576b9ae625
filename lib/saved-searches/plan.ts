// After an import goes live, which saved searches get what: for each, the jobs the import first
// held that its query matches (first_seen_at is the import's time), as one delivery per channel.
// Sets of jobs that expired later (revision above 0) hold no new job and are not planned.
// An import's planning is claimed by one instance at a time; the deliveries' unique key (search,
// import, channel) makes a second planning, after a claim lapsed, add nothing.

import { newJobsFor } from "../catalog/queries";
import { hotQuery } from "../core/db";
import { log } from "../core/log";
import { Prisma } from "../generated/prisma/client";
import { DELIVERY_JOBS, SAVED_SEARCH_LIMITS } from "./limits";
import { newId } from "./store";

/** A claim on an import's planning lapses after this long (its instance died). */
const CLAIM_S = 300;
/** An import whose planning failed for some searches is planned again, this many times in all. */
const PLAN_TRIES = 3;
/** How long before such an import is planned again. */
const RETRY_S = 60;
/** Searches matched at once per instance. */
const AT_ONCE = 4;
/** Deliveries written per statement: a query saved by many searches is not one huge INSERT. */
const INSERT_BATCH = 50;

type Search = {
  id: string;
  user_id: string;
  name: string;
  query: string;
  email_digest: boolean;
  webhook: boolean;
};

/** What a round planned: searches, the distinct queries they were matched as, deliveries made. */
export type PlanRound = { imports: number; searches: number; queries: number; deliveries: number };

export async function planDeliveries(): Promise<PlanRound> {
  const round: PlanRound = { imports: 0, searches: 0, queries: 0, deliveries: 0 };
  const sets = await hotQuery<{ snapshot_id: number; seen_at: Date }>(Prisma.sql`
    SELECT s.snapshot_id, s.seen_at FROM job_change_sets s
    WHERE s.revision = 0 AND NOT s.expired AND NOT EXISTS (
      SELECT 1 FROM delivery_plans p WHERE p.snapshot_id = s.snapshot_id AND (p.done_at IS NOT NULL OR p.claimed_until > now()))
    ORDER BY s.snapshot_id LIMIT 3`);
  for (const set of sets) {
    if (!(await claim(set.snapshot_id))) continue;
    const planned = await planImport(set.snapshot_id, set.seen_at);
    // Searches whose planning failed (a statement timeout) are tried again with the whole
    // import: the deliveries' unique key makes the others add nothing.
    await hotQuery(Prisma.sql`UPDATE delivery_plans SET searches = ${planned.searches},
      done_at = CASE WHEN ${planned.failed} = 0 OR attempts >= ${PLAN_TRIES} THEN now() END,
      claimed_until = now() + ${`${RETRY_S} seconds`}::interval
      WHERE snapshot_id = ${set.snapshot_id}`);
    round.imports++;
    round.searches += planned.searches;
    round.queries += planned.queries;
    round.deliveries += planned.deliveries;
  }
  return round;
}

async function claim(snapshotId: number): Promise<boolean> {
  const rows = await hotQuery<{ snapshot_id: number }>(Prisma.sql`
    INSERT INTO delivery_plans (snapshot_id, claimed_until, attempts)
    VALUES (${snapshotId}, now() + ${`${CLAIM_S} seconds`}::interval, 1)
    ON CONFLICT (snapshot_id) DO UPDATE SET claimed_until = EXCLUDED.claimed_until, attempts = delivery_plans.attempts + 1
      WHERE delivery_plans.done_at IS NULL AND delivery_plans.claimed_until <= now()
    RETURNING snapshot_id`);
  return rows.length > 0;
}

/** Searches saved before the import, within their owner's plan (the oldest first), with a channel on. */
function searchesSql(snapshotId: number): Prisma.Sql {
  const limits = Prisma.join(
    Object.entries(SAVED_SEARCH_LIMITS).map(([tier, n]) => Prisma.sql`WHEN ${tier}::tier THEN ${n}`),
    " ",
  );
  return Prisma.sql`SELECT s.id, s.user_id, s.name, s.query, s.email_digest,
      (s.webhook_url IS NOT NULL AND s.webhook_disabled_at IS NULL) AS webhook
    FROM (
      SELECT ss.*, row_number() OVER (PARTITION BY ss.user_id ORDER BY ss.created_at, ss.id) AS n FROM saved_searches ss
    ) s JOIN users u ON u.id = s.user_id
    WHERE s.after_snapshot_id < ${snapshotId} AND s.n <= CASE u.tier ${limits} ELSE 0 END
      AND (s.email_digest OR (s.webhook_url IS NOT NULL AND s.webhook_disabled_at IS NULL))`;
}

async function planImport(
  snapshotId: number,
  seenAt: Date,
): Promise<{ searches: number; queries: number; deliveries: number; failed: number }> {
  const searches = await hotQuery<Search>(searchesSql(snapshotId));
  // Saved queries are stored in one canonical order, so searches with the same string match the
  // same jobs: each distinct query is run once, its answer shared by every search that saved it.
  const byQuery = new Map<string, Search[]>();
  for (const s of searches) {
    const group = byQuery.get(s.query);
    if (group) group.push(s);
    else byQuery.set(s.query, [s]);
  }
  const groups = [...byQuery.values()];
  let deliveries = 0;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      const group = groups[next++] as Search[];
      // Awaited before adding: `deliveries += await …` would add to the count read before it.
      const made = await planQuery(group, snapshotId, seenAt).catch((err: unknown) => {
        log.warn("planning a saved query's deliveries failed", {
          savedSearches: group.length,
          savedSearch: group[0]?.id,
          error: String(err),
        });
        failed += group.length;
        return 0;
      });
      deliveries += made;
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return { searches: searches.length, queries: groups.length, deliveries, failed };
}

/**
 * The deliveries of every search saved with one query: matched once, its jobs stored once (a
 * body), each search's own event (id, name, query, time) pointing at them; inserted a batch at a
 * time. Planned again (a lapsed claim, a retry), the query's body is used as it is: its events
 * say what the first run found, and the search is not run again.
 */
async function planQuery(group: readonly Search[], snapshotId: number, seenAt: Date): Promise<number> {
  const query = (group[0] as Search).query;
  const body = (await storedBody(snapshotId, query)) ?? (await newBody(snapshotId, query, seenAt));
  if (!body) return 0;
  const rows: DeliveryRow[] = [];
  const digest = JSON.stringify({ total: body.total });
  for (const s of group) {
    if (s.webhook) {
      const id = newId("evt");
      const head = JSON.stringify({
        id,
        created_at: new Date().toISOString(),
        type: "saved_search.new_jobs",
        saved_search: { id: s.id, name: s.name, query: s.query },
        import: { seen_at: seenAt.toISOString() },
        total: body.total,
        total_exact: body.total_exact,
      });
      rows.push({ id, s, channel: "webhook", payload: head });
    }
    if (s.email_digest) rows.push({ id: newId("evt"), s, channel: "email", payload: digest });
  }
  let made = 0;
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    made += await insert(rows.slice(i, i + INSERT_BATCH), snapshotId, body);
  return made;
}

type DeliveryRow = { id: string; s: Search; channel: "webhook" | "email"; payload: string };
type Body = { id: string; total: number; total_exact: boolean; job_count: number };

const storedBody = async (snapshotId: number, query: string): Promise<Body | null> =>
  (
    await hotQuery<Body>(Prisma.sql`SELECT id, total, total_exact, job_count FROM delivery_bodies
      WHERE snapshot_id = ${snapshotId} AND query = ${query}`)
  )[0] ?? null;

/** The query run over the import's new jobs and stored; null when nothing matched (or it is refused). */
async function newBody(snapshotId: number, query: string, seenAt: Date): Promise<Body | null> {
  const found = await newJobsFor(query, seenAt, DELIVERY_JOBS, snapshotId);
  // A query the catalog no longer accepts (a word list changed) is skipped, not retried.
  if (!found.ok || found.value.total === 0) return null;
  const { total, totalExact, items } = found.value;
  const made = await hotQuery<Body>(Prisma.sql`
    INSERT INTO delivery_bodies (id, snapshot_id, query, total, total_exact, job_count, jobs)
    VALUES (${newId("body")}, ${snapshotId}, ${query}, ${total}, ${totalExact}, ${items.length}, ${JSON.stringify(items)})
    ON CONFLICT (snapshot_id, query) DO NOTHING RETURNING id, total, total_exact, job_count`);
  // Another instance stored it first (a claim that lapsed while this one ran): theirs holds.
  const body = made[0] ?? (await storedBody(snapshotId, query));
  if (!body) throw new Error("a delivery body was purged while its import was planned");
  return body;
}

/**
 * Deliveries already planned (a lapsed claim planned again) are left as they are. One statement
 * text for any number of rows (arrays, not a VALUES list per count), so it takes one of the
 * connection's named statements, not one per batch size.
 */
async function insert(rows: readonly DeliveryRow[], snapshotId: number, body: Body) {
  const made = await hotQuery<{ id: string }>(Prisma.sql`
    INSERT INTO deliveries (id, saved_search_id, user_id, snapshot_id, channel, payload, body_id, jobs)
    SELECT id, search, owner, ${snapshotId}, channel, payload::jsonb, ${body.id}, ${body.job_count}
    FROM unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.s.id)}::text[], ${rows.map((r) => r.s.user_id)}::text[],
      ${rows.map((r) => r.channel)}::text[], ${rows.map((r) => r.payload)}::text[]) AS x(id, search, owner, channel, payload)
    ON CONFLICT (saved_search_id, snapshot_id, channel) DO NOTHING RETURNING id`);
  return made.length;
}
