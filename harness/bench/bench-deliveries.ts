// npm run bench:deliveries [-- --searches 10000 --new 50000] — how long the deliveries of many
// saved searches take after an import. Saves N searches (webhook to a local receiver) for
// pro-plan users, imports the demo catalog with `--new` more jobs than the live one (new ids) or,
// with `--again`, takes the live import as it is, then runs the planner and the sender as
// `--instances` app instances would (each its own loop, in this process) until nothing is due,
// and reports the planning and sending times. Removes the users and searches it made. Not a
// test: run it on a loaded catalog (BENCH_DATABASE_URL).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import pg from "pg";
import { importDemo } from "../../lib/catalog/demo/import-demo";
import { disconnectDb } from "../../lib/core/db";
import { setEnvCommand } from "../../lib/core/env";
import { planDeliveries } from "../../lib/saved-searches/plan";
import { seal } from "../../lib/saved-searches/secret-box";
import { sendDueDeliveries } from "../../lib/saved-searches/sender";
import { newId } from "../../lib/saved-searches/store";
import { verifySignature } from "../../lib/webhooks/signature";

const { values } = parseArgs({
  options: {
    searches: { type: "string", default: "10000" },
    new: { type: "string", default: "50000" },
    instances: { type: "string", default: "2" },
    // Plan and send the live import's deliveries again, without importing: old and new
    // planners compared on one catalog.
    again: { type: "boolean", default: false },
    // How many distinct queries the searches hold (searches with the same query are matched
    // once). Past the 480 the families give, a query differs by seen_within_days, which the
    // planner overrides: the same work as its family, asked as another query.
    distinct: { type: "string", default: "480" },
  },
});
const SEARCHES = Number(values.searches);
const NEW_JOBS = Number(values.new);
const INSTANCES = Number(values.instances);
const DISTINCT = Number(values.distinct);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/jobs_bench";
process.env.DATABASE_URL = DATABASE_URL;
process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
process.env.LOG_LEVEL = "error";
setEnvCommand("bench");

const TITLES = [
  "software engineer",
  "nurse",
  "data",
  "sales",
  "warehouse",
  "teacher",
  "accountant",
  "driver",
];
const COUNTRIES = ["DE", "US", "GB", "FR", "IN", "NL", "ES", "IT", "BR", "JP"];
const EXTRA = [
  "",
  "&remote=remote,hybrid",
  "&seniority=senior",
  "&employment_type=full_time",
  "&q=python",
  "&q=care",
];
const SECRET = "whsec_benchbenchbenchbenchbenchbench12";

function queryOf(search: number): string {
  const i = search % DISTINCT;
  const family = TITLES.length * COUNTRIES.length * EXTRA.length;
  const again = Math.floor(i / family);
  return again ? `${familyQuery(i % family)}&seen_within_days=${again}` : familyQuery(i);
}

function familyQuery(i: number): string {
  const t = TITLES[i % TITLES.length] as string;
  const c = COUNTRIES[Math.floor(i / TITLES.length) % COUNTRIES.length] as string;
  const e = EXTRA[Math.floor(i / (TITLES.length * COUNTRIES.length)) % EXTRA.length] as string;
  return new URLSearchParams(`title=${t}&country=${c}${e}`).toString();
}

async function main() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const received = { n: 0, verified: 0, bad: 0 };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.n++;
      // Every 50th checked: the signature is what a receiver would verify.
      if (received.n % 50 === 1) {
        const ok = verifySignature(String(req.headers["webhook-signature"]), body, SECRET).ok;
        ok ? received.verified++ : received.bad++;
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const users = Math.ceil(SEARCHES / 100);
  const tag = `bench-${Date.now()}`;
  let snapshotId: number | null = null;
  try {
    const { rows: live } = await client.query<{ id: number; jobs: number }>(
      "SELECT s.id, s.job_count AS jobs FROM catalog_live l JOIN catalog_snapshots s ON s.id = l.snapshot_id",
    );
    const current = live[0];
    if (!current) throw new Error("no live catalog: import the demo first");
    console.log(`live catalog: ${current.jobs.toLocaleString("en-US")} jobs; saving ${SEARCHES} searches`);
    const sealed = seal(SECRET);
    for (let u = 0; u < users; u++) {
      const userId = `${tag}-${u}`;
      await client.query("INSERT INTO users (id, email, tier) VALUES ($1, $2, 'pro')", [
        userId,
        `${userId}@bench.example`,
      ]);
      const ids: string[] = [];
      const queries: string[] = [];
      for (let k = 0; k < 100 && u * 100 + k < SEARCHES; k++) {
        ids.push(newId("ss"));
        queries.push(queryOf(u * 100 + k));
      }
      await client.query(
        `INSERT INTO saved_searches (id, user_id, name, query, webhook_url, webhook_secret, after_snapshot_id)
         SELECT id, $1, 'bench', q, $2, $3, $4 FROM unnest($5::text[], $6::text[]) AS x(id, q)`,
        [userId, url, sealed, values.again ? current.id - 1 : current.id, ids, queries],
      );
    }
    const imported = values.again ? await again(client, current.id) : await importAnew(current.jobs);
    snapshotId = imported.snapshotId;
    const t0 = Date.now();
    let planMs = 0;
    let planned = 0;
    let queries = 0;
    const instance = async () => {
      for (;;) {
        const p = await planDeliveries();
        planned += p.deliveries;
        queries += p.queries;
        if (p.imports) planMs = Date.now() - t0;
        const s = await sendDueDeliveries();
        if (p.imports + s.delivered + s.retried + s.failed + s.skipped > 0) continue;
        const { rows } = await client.query(
          `SELECT (SELECT count(*) FROM delivery_plans WHERE snapshot_id = $1 AND done_at IS NOT NULL)::int AS done,
            (SELECT count(*) FROM deliveries d JOIN saved_searches s ON s.id = d.saved_search_id
             WHERE s.user_id LIKE $2 AND d.status = 'pending')::int AS pending`,
          [imported.snapshotId, `${tag}-%`],
        );
        if (rows[0].done === 1 && rows[0].pending === 0) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await Promise.all(Array.from({ length: INSTANCES }, instance));
    const totalMs = Date.now() - t0;
    const { rows: done } = await client.query(
      `SELECT d.status, count(*)::int AS n, sum(d.jobs)::int AS jobs FROM deliveries d JOIN saved_searches s ON s.id = d.saved_search_id
       WHERE s.user_id LIKE $1 GROUP BY 1`,
      [`${tag}-%`],
    );
    console.log(
      JSON.stringify(
        {
          searches: SEARCHES,
          queries,
          new_jobs: NEW_JOBS,
          instances: INSTANCES,
          planning_s: planMs / 1000,
          planning_and_sending_s: totalMs / 1000,
          deliveries: done,
          planned,
          receiver: received,
        },
        null,
        1,
      ),
    );
  } finally {
    await client.query("DELETE FROM users WHERE id LIKE $1", [`${tag}-%`]);
    await client.query("DELETE FROM deliveries WHERE user_id LIKE $1", [`${tag}-%`]);
    // Only the bodies of the import it planned (a bench database: no other planner runs there).
    if (snapshotId !== null)
      await client.query(
        "DELETE FROM delivery_bodies b WHERE b.snapshot_id = $1 AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.body_id = b.id)",
        [snapshotId],
      );
    await client.end();
    server.close();
    await disconnectDb();
  }
}

async function importAnew(jobs: number) {
  const started = Date.now();
  const imported = await importDemo(DATABASE_URL, { jobs: jobs + NEW_JOBS });
  console.log(
    `import: ${((Date.now() - started) / 1000).toFixed(1)} s, changes ${JSON.stringify(imported.changes)}`,
  );
  return imported;
}

/** The live import planned anew: its plan forgotten (the searches just saved are new to it). */
async function again(client: pg.Client, snapshotId: number) {
  await client.query("DELETE FROM delivery_plans WHERE snapshot_id = $1", [snapshotId]);
  console.log(`planning the live import (snapshot ${snapshotId}) again`);
  return { snapshotId };
}

await main();
