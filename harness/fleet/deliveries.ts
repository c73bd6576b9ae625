// Saved-search deliveries across the fleet: searches saved before an import, every instance's
// worker planning and sending at once, and each event reaching a local receiver exactly once,
// signed with its endpoint's secret.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { importDemo } from "../../lib/catalog/demo/import-demo";
import { setEnvCommand } from "../../lib/core/env";
import { seal } from "../../lib/saved-searches/secret-box";
import { newId } from "../../lib/saved-searches/store";
import { verifySignature } from "../../lib/webhooks/signature";
import type { Row } from "./scenarios";
import { DEMO_B, type Fleet } from "./world";

const SEARCHES = 60;
const QUERIES = ["country=DE", "country=US", "title=engineer", "title=nurse", "remote=remote", "q=python"];
/** Everything delivered within this long of the import going live, or the scenario fails. */
const BOUND_MS = 60_000;

export async function deliveriesOnce(f: Fleet): Promise<Row> {
  const failures: string[] = [];
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  const hits: { id: string; ok: boolean }[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const ok = verifySignature(String(req.headers["webhook-signature"]), body, secret).ok;
      hits.push({ id: String(req.headers["webhook-id"]), ok });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  // Sealed as the instances will unseal it: under the fleet's own server secret.
  process.env.KEY_HASH_SECRET = f.env.KEY_HASH_SECRET;
  setEnvCommand("bench");
  const db = new pg.Client({ connectionString: f.primary.url });
  await db.connect();
  try {
    const users = Array.from({ length: SEARCHES / 6 }, (_, i) => `fleet-deliveries-${i}`);
    const live =
      (await db.query<{ id: number }>("SELECT snapshot_id AS id FROM catalog_live")).rows[0]?.id ?? 0;
    for (const [u, user] of users.entries()) {
      await db.query("INSERT INTO users (id, email, tier) VALUES ($1, $2, 'pro')", [
        user,
        `${user}@fleet.test`,
      ]);
      for (const [k, q] of QUERIES.entries())
        await db.query(
          `INSERT INTO saved_searches (id, user_id, name, query, webhook_url, webhook_secret, after_snapshot_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [newId("ss"), user, `search ${u}.${k}`, q, url, seal(secret), live],
        );
    }
    // New ids beyond the live catalog's: jobs the import first holds.
    const imported = await importDemo(f.primary.url, { ...DEMO_B, jobs: DEMO_B.jobs + 600 });
    const liveAt = Date.now();
    let pending = Number.POSITIVE_INFINITY;
    let planned = false;
    while (Date.now() - liveAt < BOUND_MS) {
      const { rows } = await db.query<{ planned: boolean; pending: number }>(
        `SELECT EXISTS (SELECT 1 FROM delivery_plans WHERE snapshot_id = $1 AND done_at IS NOT NULL) AS planned,
          (SELECT count(*)::int FROM deliveries WHERE user_id LIKE 'fleet-deliveries-%' AND status = 'pending') AS pending`,
        [imported.snapshotId],
      );
      planned = rows[0]?.planned ?? false;
      pending = rows[0]?.pending ?? 0;
      if (planned && pending === 0) break;
      await sleep(200);
    }
    const doneMs = Date.now() - liveAt;
    await sleep(3_000); // a late duplicate would arrive now
    const { rows: made } = await db.query<{ id: string; status: string }>(
      "SELECT id, status FROM deliveries WHERE user_id LIKE 'fleet-deliveries-%'",
    );
    const perId = new Map<string, number>();
    for (const h of hits) perId.set(h.id, (perId.get(h.id) ?? 0) + 1);
    const twice = [...perId.values()].filter((n) => n > 1).length;
    if (!planned) failures.push("the import was not planned");
    if (pending !== 0) failures.push(`${pending} deliveries still pending after ${BOUND_MS} ms`);
    if (made.length === 0) failures.push("no delivery was made");
    if (twice) failures.push(`${twice} events reached the receiver more than once`);
    if (perId.size !== made.length)
      failures.push(`${perId.size} events received, ${made.length} deliveries made`);
    if (made.some((d) => d.status !== "delivered")) failures.push("a delivery did not end delivered");
    const bad = hits.filter((h) => !h.ok).length;
    if (bad) failures.push(`${bad} deliveries with a signature that does not verify`);
    return {
      name: "saved-search deliveries exactly once across instances",
      figures: {
        searches: SEARCHES,
        "new jobs": imported.changes?.added ?? "?",
        deliveries: made.length,
        received: hits.length,
        "all delivered after ms": doneMs,
      },
      failures,
    };
  } finally {
    const bodies = await db
      .query(
        "SELECT DISTINCT body_id FROM deliveries WHERE user_id LIKE 'fleet-deliveries-%' AND body_id IS NOT NULL",
      )
      .then((r) => r.rows.map((b) => b.body_id as string))
      .catch(() => [] as string[]);
    await db.query("DELETE FROM users WHERE id LIKE 'fleet-deliveries-%'").catch(() => {});
    await db.query("DELETE FROM deliveries WHERE user_id LIKE 'fleet-deliveries-%'").catch(() => {});
    await db
      .query(
        "DELETE FROM delivery_bodies b WHERE b.id = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.body_id = b.id)",
        [bodies],
      )
      .catch(() => {});
    await db.end();
    receiver.close();
  }
}
