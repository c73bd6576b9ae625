// After an import goes live, which saved searches get what: for each, the jobs the import first
// held that its query matches (first_seen_at is the import's time), as one delivery per channel.
// Sets of jobs that expired later (revision above 0) hold no new job and are not planned.
// An import's planning is claimed by one instance at a time; the deliveries' unique key (search,
// import, channel) makes a second planning, after a claim lapsed, add nothing.

import { newJobsFor } from "../catalog/queries";
import type { JobSummary } from "../catalog/schemas";
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

type Search = {
  id: string;
  user_id: string;
  name: string;
  query: string;
  email_digest: boolean;
  webhook: boolean;
};

export type PlanRound = { imports: number; searches: number; deliveries: number };

export async function planDeliveries(): Promise<PlanRound> {
  const round: PlanRound = { imports: 0, searches: 0, deliveries: 0 };
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
): Promise<{ searches: number; deliveries: number; failed: number }> {
  const searches = await hotQuery<Search>(searchesSql(snapshotId));
  let deliveries = 0;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < searches.length) {
      const s = searches[next++] as Search;
      // Awaited before adding: `deliveries += await …` would add to the count read before it.
      const made = await planSearch(s, snapshotId, seenAt).catch((err: unknown) => {
        log.warn("planning a saved search's delivery failed", { savedSearch: s.id, error: String(err) });
        failed++;
        return 0;
      });
      deliveries += made;
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return { searches: searches.length, deliveries, failed };
}

async function planSearch(s: Search, snapshotId: number, seenAt: Date): Promise<number> {
  const found = await newJobsFor(s.query, seenAt, DELIVERY_JOBS);
  // A query the catalog no longer accepts (a word list changed) is skipped, not retried.
  if (!found.ok || found.value.total === 0) return 0;
  const { total, totalExact, items } = found.value;
  let made = 0;
  if (s.webhook)
    made += await insert(
      s,
      snapshotId,
      "webhook",
      webhookPayload(s, seenAt, total, totalExact, items),
      items.length,
    );
  if (s.email_digest)
    made += await insert(s, snapshotId, "email", { total, jobs: items.map(digestJob) }, items.length);
  return made;
}

function webhookPayload(
  s: Search,
  seenAt: Date,
  total: number,
  totalExact: boolean,
  jobs: readonly JobSummary[],
) {
  return {
    type: "saved_search.new_jobs",
    saved_search: { id: s.id, name: s.name, query: s.query },
    import: { seen_at: seenAt.toISOString() },
    total,
    total_exact: totalExact,
    jobs,
  };
}

const digestJob = (j: JobSummary) => ({ id: j.id, title: j.title, company: j.company, location: j.location });

async function insert(
  s: Search,
  snapshotId: number,
  channel: "webhook" | "email",
  payload: object,
  jobs: number,
) {
  const id = newId("evt");
  // The event's own id and time go in the body too, so a receiver can keep it as sent.
  const body = channel === "webhook" ? { id, created_at: new Date().toISOString(), ...payload } : payload;
  const rows = await hotQuery<{ id: string }>(Prisma.sql`
    INSERT INTO deliveries (id, saved_search_id, user_id, snapshot_id, channel, payload, jobs)
    VALUES (${id}, ${s.id}, ${s.user_id}, ${snapshotId}, ${channel}, ${JSON.stringify(body)}::jsonb, ${jobs})
    ON CONFLICT (saved_search_id, snapshot_id, channel) DO NOTHING RETURNING id`);
  return rows.length;
}
