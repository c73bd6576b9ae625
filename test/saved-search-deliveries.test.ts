// Saved searches that call back, against a real Postgres, mail sink and a local HTTP receiver:
// saving (and its refusals), planning after an import, signed deliveries with retries and
// timeouts, exactly once across concurrent workers, SSRF refusals, digests and the log's purge.
import { describe, expect, it } from "vitest";
import { SavedSearchEventSchema } from "@/lib/saved-searches/schemas";
import { sendDueDeliveries } from "@/lib/saved-searches/sender";
import { purgeDeliveries } from "@/lib/saved-searches/worker";
import { verifySignature } from "@/lib/webhooks/signature";
import { waitForMail } from "../harness/support/mail-sink";
import { job, loadCatalog } from "./support/fixtures";
import { sitePost } from "./support/http";
import { NEXT, type Received, savedSearchWorld } from "./support/saved-searches";

const w = savedSearchWorld();

describe("saving a search", () => {
  it("checks the query as a search would, and names the parameter at fault", async () => {
    const { session } = await w.signedIn();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "x", query: "colour=red", email_digest: true }, "query"],
      [{ name: "x", query: "salary_min=5&country=EU", email_digest: true }, "query"],
      [{ name: "x", query: "q=python", email_digest: false }, "email_digest"],
      [
        { name: "x", query: "q=python", email_digest: false, webhook_url: "ftp://example.com/" },
        "webhook_url",
      ],
      [{ name: "", query: "q=python", email_digest: true }, "name"],
      // Within the limits as typed, past them once URL-encoded (each character becomes nine).
      [
        {
          name: "x",
          query: `exclude_company=${Array(20).fill("株".repeat(90)).join("|")}`,
          email_digest: true,
        },
        "query",
      ],
      [
        {
          name: "x",
          query: "q=x",
          email_digest: false,
          webhook_url: `https://example.com/${"é".repeat(2000)}`,
        },
        "webhook_url",
      ],
    ];
    for (const [body, param] of cases) {
      const res = await w.save(session, body);
      expect([res.status, res.body.error.code, res.body.error.param]).toEqual([
        400,
        "invalid_parameter",
        param,
      ]);
    }
  });

  it("keeps to the plan's number of saved searches", async () => {
    const { session } = await w.signedIn("free");
    expect((await w.save(session, { name: "one", query: "q=nurse", email_digest: true })).status).toBe(200);
    const second = await w.save(session, { name: "two", query: "q=cook", email_digest: true });
    expect([second.status, second.body.error.code]).toEqual([403, "plan_limit"]);
  });

  it("stores the query in one canonical order, and shows the webhook secret once", async () => {
    const { session, userId } = await w.signedIn();
    const res = await w.save(session, {
      name: "Python in Germany",
      query: "https://api.example.com/v1/jobs?q=python&country=DE",
      email_digest: false,
      webhook_url: w.hook("canonical"),
    });
    expect(res.status).toBe(200);
    expect(res.body.saved_search).toMatchObject({ query: "country=DE&q=python", webhook_status: "active" });
    expect(res.body.webhook_secret).toMatch(/^whsec_/);
    const { rows } = await w.admin.query("SELECT webhook_secret FROM saved_searches WHERE user_id = $1", [
      userId,
    ]);
    expect(rows[0].webhook_secret).not.toContain(res.body.webhook_secret);
  });
});

describe("after an import", () => {
  it("delivers each search's new matching jobs once, signed, by webhook and e-mail", async () => {
    const { session, email } = await w.signedIn();
    const saved = await w.save(session, {
      name: "Python in Germany",
      query: "q=python&country=DE",
      email_digest: true,
      webhook_url: w.hook("python"),
    });
    const secret = saved.body.webhook_secret as string;
    await loadCatalog(NEXT, null, "saved searches next");
    await Promise.all([w.planAll(), w.planAll()]); // two instances: one plan each import
    await Promise.all([w.deliverAll(), w.deliverAll()]);
    expect(w.at("python")).toHaveLength(1);
    const event = w.at("python")[0] as Received;
    expect(verifySignature(event.signature, event.body, secret)).toMatchObject({ ok: true });
    const body = SavedSearchEventSchema.parse(JSON.parse(event.body)); // as the OpenAPI webhook says
    expect(body).toMatchObject({ id: event.id, type: "saved_search.new_jobs", total: 2, total_exact: true });
    expect(body.jobs.map((j: { id: string }) => j.id).sort()).toEqual(["ss-3", "ss-4"]);
    const mail = await waitForMail(process.env.MAIL_WEB_URL!, email, /2 new jobs for “Python in Germany”/);
    expect(mail.text).toContain("Senior Python Engineer");
    expect(mail.text).toMatch(/\/unsubscribe\/ss_/);
    expect(await w.attemptsOf(saved.body.saved_search.id)).toEqual([
      { channel: "email", status: "delivered", attempts: 1, jobs: 2, codes: [null] },
      { channel: "webhook", status: "delivered", attempts: 1, jobs: 2, codes: [200] },
    ]);
    // Planned once: a later round adds nothing.
    await w.deliverAll();
    expect(w.at("python")).toHaveLength(1);
  });

  it("matches a query saved by several searches once, and delivers to each its own signed event", async () => {
    const a = await w.signedIn();
    const b = await w.signedIn();
    // The same search asked in another order: stored in one canonical order, so one query.
    const first = await w.save(a.session, {
      name: "Care in Germany",
      query: "q=practitioner&country=DE",
      email_digest: true,
      webhook_url: w.hook("care-a"),
    });
    const second = await w.save(b.session, {
      name: "Nursing, DE",
      query: "country=DE&q=practitioner",
      email_digest: false,
      webhook_url: w.hook("care-b"),
    });
    expect(second.body.saved_search.query).toBe(first.body.saved_search.query);
    await loadCatalog([...NEXT, job("ss-10", "Nurse Practitioner", "DE", 1)], null, "saved searches shared");
    const planned = await w.planAll();
    expect(planned.queries).toBeLessThan(planned.searches);
    await w.deliverAll();
    const events = [
      { at: w.at("care-a"), saved: first },
      { at: w.at("care-b"), saved: second },
    ].map(({ at, saved }) => {
      expect(at).toHaveLength(1);
      const event = at[0] as Received;
      expect(verifySignature(event.signature, event.body, saved.body.webhook_secret)).toMatchObject({
        ok: true,
      });
      return SavedSearchEventSchema.parse(JSON.parse(event.body));
    });
    expect(events.map((e) => e.saved_search.name)).toEqual(["Care in Germany", "Nursing, DE"]);
    expect(events[0]?.id).not.toBe(events[1]?.id);
    expect(events[0]?.jobs).toEqual(events[1]?.jobs);
    expect(events[0]?.jobs.map((j: { id: string }) => j.id).sort()).toEqual(["ss-10"]);
    // Stored once: every delivery of the query points at one body and carries no jobs itself.
    const stored = await w.admin.query(
      `SELECT count(DISTINCT body_id)::int AS bodies, count(*)::int AS deliveries, bool_and(NOT payload ? 'jobs') AS lean
       FROM deliveries WHERE saved_search_id = ANY($1::text[])`,
      [[first.body.saved_search.id, second.body.saved_search.id]],
    );
    expect(stored.rows[0]).toEqual({ bodies: 1, deliveries: 3, lean: true });
    // Planned again (a lapsed claim): the search that lost its delivery gets it back, pointing at
    // the same body; no second body is written.
    const { rows: was } = await w.admin.query(
      "SELECT snapshot_id, body_id FROM deliveries WHERE saved_search_id = $1 AND channel = 'webhook'",
      [second.body.saved_search.id],
    );
    await w.admin.query("DELETE FROM deliveries WHERE saved_search_id = $1", [second.body.saved_search.id]);
    await w.admin.query("DELETE FROM delivery_plans WHERE snapshot_id = $1", [was[0].snapshot_id]);
    // Marked, to tell the stored body's figures from a search run again.
    await w.admin.query("UPDATE delivery_bodies SET total = 99 WHERE id = $1", [was[0].body_id]);
    expect((await w.planAll()).deliveries).toBe(1);
    const { rows: again } = await w.admin.query(
      "SELECT body_id, payload->>'total' AS total FROM deliveries WHERE saved_search_id = $1 AND channel = 'webhook'",
      [second.body.saved_search.id],
    );
    expect(again[0]).toEqual({ body_id: was[0].body_id, total: "99" });
    const { rows: bodies } = await w.admin.query(
      "SELECT count(*)::int AS n FROM delivery_bodies WHERE snapshot_id = $1 AND query = $2",
      [was[0].snapshot_id, first.body.saved_search.query],
    );
    expect(bodies[0].n).toBe(1);
    expect(await w.attemptsOf(first.body.saved_search.id)).toEqual([
      { channel: "email", status: "delivered", attempts: 1, jobs: 1, codes: [null] },
      { channel: "webhook", status: "delivered", attempts: 1, jobs: 1, codes: [200] },
    ]);
  });

  it("retries a failed delivery with the same event id until the endpoint takes it", async () => {
    const { session } = await w.signedIn();
    const saved = await w.save(session, {
      name: "Nurses",
      query: "q=nurse",
      email_digest: false,
      webhook_url: w.hook("nurses"),
    });
    w.answerNext([500, 503]);
    await loadCatalog([...NEXT, job("ss-6", "Night Nurse", "DE", 1)], null, "saved searches retry");
    await w.deliverAll();
    const ids = w.at("nurses").map((r) => r.id);
    expect(ids).toEqual([ids[0], ids[0], ids[0]]);
    expect(await w.attemptsOf(saved.body.saved_search.id)).toEqual([
      { channel: "webhook", status: "delivered", attempts: 3, jobs: 1, codes: [500, 503, 200] },
    ]);
  });

  it("gives up on an endpoint that does not answer in time, and tries again", async () => {
    const { session } = await w.signedIn();
    const saved = await w.save(session, {
      name: "Cooks",
      query: "q=cook",
      email_digest: false,
      webhook_url: w.hook("cooks"),
    });
    w.answerNext(["hang"]);
    await loadCatalog([...NEXT, job("ss-7", "Line Cook", "DE", 1)], null, "saved searches timeout");
    const started = Date.now();
    await w.deliverAll({ timeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const [row] = await w.attemptsOf(saved.body.saved_search.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 2, codes: [null, 200] });
    const { rows } = await w.admin.query(
      "SELECT a.error FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id WHERE d.saved_search_id = $1 ORDER BY a.id",
      [saved.body.saved_search.id],
    );
    expect(rows[0].error).toMatch(/^timeout/);
  });

  it("never reaches a private address when the policy forbids it", async () => {
    const { session } = await w.signedIn();
    const saved = await w.save(session, {
      name: "Bakers",
      query: "q=baker",
      email_digest: false,
      webhook_url: w.hook("bakers"),
    });
    await loadCatalog([...NEXT, job("ss-8", "Baker", "DE", 1)], null, "saved searches private");
    await w.planAll();
    await sendDueDeliveries(new Date(), () => 0.5, { allowPrivate: false });
    expect(w.at("bakers")).toEqual([]);
    const { rows } = await w.admin.query(
      "SELECT d.status, a.error FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id WHERE d.saved_search_id = $1",
      [saved.body.saved_search.id],
    );
    expect(rows).toEqual([{ status: "pending", error: expect.stringMatching(/^private_address/) }]);
  });

  it("turns off an endpoint failing for three days, and says so by e-mail", async () => {
    const { session, email } = await w.signedIn();
    const saved = await w.save(session, {
      name: "Welders",
      query: "q=welder",
      email_digest: false,
      webhook_url: w.hook("welders"),
    });
    const id = saved.body.saved_search.id;
    await w.admin.query(
      "UPDATE saved_searches SET webhook_failing_since = now() - interval '4 days' WHERE id = $1",
      [id],
    );
    w.answerNext([500]);
    await loadCatalog([...NEXT, job("ss-9", "Welder", "DE", 1)], null, "saved searches disable");
    await w.deliverAll();
    expect(w.received()).toHaveLength(1);
    const { rows } = await w.admin.query(
      "SELECT webhook_disabled_at IS NOT NULL AS off FROM saved_searches WHERE id = $1",
      [id],
    );
    expect(rows[0].off).toBe(true);
    await waitForMail(process.env.MAIL_WEB_URL!, email, /Webhook for “Welders” turned off/);
    const on = await sitePost("/api/saved-searches/enable-webhook", { id }, { session });
    expect(await on.json()).toEqual({ enabled: id });
    const again = await w.admin.query(
      "SELECT webhook_disabled_at, webhook_failing_since FROM saved_searches WHERE id = $1",
      [id],
    );
    expect(again.rows[0]).toEqual({ webhook_disabled_at: null, webhook_failing_since: null });
    expect(await w.attemptsOf(id)).toEqual([
      { channel: "webhook", status: "skipped", attempts: 2, jobs: 1, codes: [500] },
    ]);
  });
});

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
