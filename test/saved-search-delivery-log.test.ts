// The saved-search delivery log's purge, against a real Postgres: how long deliveries are kept,
// and when a stored body of jobs may go.
import { describe, expect, it } from "vitest";
import { purgeDeliveries } from "@/lib/saved-searches/worker";
import { sitePost } from "./support/http";
import { savedSearchWorld } from "./support/saved-searches";

const w = savedSearchWorld();

describe("the delivery log", () => {
  it("keeps settled deliveries 90 days, and pending ones however old", async () => {
    const { session } = await w.signedIn();
    const saved = await w.save(session, {
      name: "Old",
      query: "q=old",
      email_digest: false,
      webhook_url: w.hook("old"),
    });
    await sitePost("/api/saved-searches/test-event", { id: saved.body.saved_search.id }, { session });
    await sitePost("/api/saved-searches/test-event", { id: saved.body.saved_search.id }, { session });
    const { rows } = await w.admin.query("SELECT id FROM deliveries WHERE saved_search_id = $1 ORDER BY id", [
      saved.body.saved_search.id,
    ]);
    await w.admin.query("UPDATE deliveries SET done_at = now() - interval '91 days' WHERE id = $1", [
      rows[0].id,
    ]);
    await w.admin.query(
      "UPDATE deliveries SET done_at = NULL, status = 'pending', next_attempt_at = now() + interval '1 day', created_at = now() - interval '100 days' WHERE id = $1",
      [rows[1].id],
    );
    await purgeDeliveries();
    const left = await w.admin.query("SELECT id FROM deliveries WHERE saved_search_id = $1", [
      saved.body.saved_search.id,
    ]);
    expect(left.rows.map((r) => r.id)).toEqual([rows[1].id]);
  });

  it("drops a body of jobs once no delivery points at it, and not while one is planned", async () => {
    const { session } = await w.signedIn();
    const saved = await w.save(session, {
      name: "Bodies",
      query: "q=bodies",
      email_digest: false,
      webhook_url: w.hook("bodies"),
    });
    const searchId = saved.body.saved_search.id;
    const { rows: owner } = await w.admin.query("SELECT user_id FROM saved_searches WHERE id = $1", [
      searchId,
    ]);
    const tag = Date.now().toString(36);
    const body = (name: string, age: string) =>
      w.admin.query(
        `INSERT INTO delivery_bodies (id, snapshot_id, query, total, total_exact, job_count, jobs, created_at)
         VALUES ($1, -9, $1, 0, true, 0, '[]', now() - $2::interval)`,
        [`body_${name}_${tag}`, age],
      );
    const delivery = (name: string, snapshot: number, done: string | null) =>
      w.admin.query(
        `INSERT INTO deliveries (id, saved_search_id, user_id, snapshot_id, channel, payload, body_id, jobs, status, done_at)
         VALUES ($1, $2, $3, $4, 'webhook', '{"total":0}', $5, 0, $6, now() - $7::interval)`,
        [
          `evt_${name}_${tag}`,
          searchId,
          owner[0].user_id,
          snapshot,
          `body_${name}_${tag}`,
          done ? "delivered" : "pending",
          done ?? "0 days",
        ],
      );
    await body("old", "92 days");
    await body("live", "92 days");
    await body("orphan", "2 days"); // its deliveries went with a deleted search
    await body("new", "0 days"); // being planned: its deliveries are not in yet
    await delivery("old", -91, "91 days");
    await delivery("live", -92, null);
    const left = async () =>
      (
        await w.admin.query("SELECT id FROM delivery_bodies WHERE id LIKE $1 ORDER BY id", [`%_${tag}`])
      ).rows.map((r) => r.id.split("_")[1]);
    await purgeDeliveries();
    expect(await left()).toEqual(["live", "new", "orphan"]);
    await purgeDeliveries(true);
    expect(await left()).toEqual(["live", "new"]);
    await w.admin.query("DELETE FROM deliveries WHERE id = $1", [`evt_live_${tag}`]);
  });
});
