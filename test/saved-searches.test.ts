// Saved searches that call back, against a real Postgres, mail sink and a local HTTP receiver:
// saving (and its refusals), planning after an import, signed deliveries with retries and
// timeouts, exactly once across concurrent workers, SSRF refusals, digests and unsubscribing.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { planDeliveries } from "@/lib/saved-searches/plan";
import { SavedSearchEventSchema } from "@/lib/saved-searches/schemas";
import { sendDueDeliveries } from "@/lib/saved-searches/sender";
import { purgeDeliveries } from "@/lib/saved-searches/worker";
import { verifySignature } from "@/lib/webhooks/signature";
import { waitForMail } from "../harness/support/mail-sink";
import { createTestKey, sessionFor } from "./support/api-keys";
import { job, loadCatalog, type Rec } from "./support/fixtures";
import { sitePost } from "./support/http";

const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });

type Received = { id: string; signature: string; body: string; url: string };
let received: Received[] = [];
/** What the receiver answers next: a status, or "hang" (never answers). */
let answers: (number | "hang")[] = [];
let server: Server;
let receiverBase: string;
/** A receiver URL of the test's own, so other tests' searches delivering there are told apart. */
const hook = (tag: string) => `${receiverBase}/hooks/${tag}?token=abc`;
const at = (tag: string) => received.filter((r) => r.url.startsWith(`/hooks/${tag}?`));

const BASE: Rec[] = [job("ss-1", "Nurse", "DE", 2), job("ss-2", "Python Developer", "FR", 2)];
const NEXT: Rec[] = [
  ...BASE,
  job("ss-3", "Python Developer", "DE", 1, { description: "Python, Django." }),
  job("ss-4", "Senior Python Engineer", "DE", 1),
  job("ss-5", "Barista", "DE", 1),
];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  await admin.connect();
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({
      id: String(req.headers["webhook-id"]),
      signature: String(req.headers["webhook-signature"]),
      body,
      url: req.url ?? "",
    });
    const answer = answers.shift() ?? 200;
    if (answer === "hang") return; // the socket stays open until the sender gives up
    res.writeHead(answer).end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  receiverBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await loadCatalog(BASE, null, "saved searches base");
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await admin.end();
  await loadCatalog();
});
beforeEach(async () => {
  received = [];
  answers = [];
  // Other files' deliveries are not this file's business: nothing else is due while it runs.
  await admin.query("UPDATE deliveries SET status = 'skipped' WHERE status = 'pending'");
});

async function signedIn(tier: "free" | "pro" = "pro") {
  const { userId, email } = await createTestKey({ tier });
  return { userId, email, session: await sessionFor(userId) };
}

async function save(session: string, body: Record<string, unknown>) {
  const res = await sitePost("/api/saved-searches", body, { session });
  return { status: res.status, body: await res.json() };
}

/** Plans every import not planned yet (other files' imports leave some: a round plans three). */
async function planAll() {
  while ((await planDeliveries()).imports > 0);
}

/** Rounds of the worker until nothing is due now (retries drawn with no wait). */
async function deliverAll(opts: Parameters<typeof sendDueDeliveries>[2] = {}) {
  await planAll();
  for (let i = 0; i < 40; i++) {
    const round = await sendDueDeliveries(new Date(), () => 0, opts);
    if (round.delivered + round.retried + round.failed + round.skipped > 0) continue;
    // A retry drawn with no wait may still be a millisecond ahead of the database's clock.
    const { rows } = await admin.query(
      "SELECT count(*)::int AS n FROM deliveries WHERE status = 'pending' AND next_attempt_at <= now() + interval '1 second'",
    );
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function attemptsOf(savedSearchId: string) {
  const { rows } = await admin.query(
    `SELECT d.channel, d.status, d.attempts, d.jobs, array_agg(a.status_code ORDER BY a.id) AS codes
     FROM deliveries d LEFT JOIN delivery_attempts a ON a.delivery_id = d.id
     WHERE d.saved_search_id = $1 AND d.channel <> 'test' GROUP BY d.id ORDER BY d.channel`,
    [savedSearchId],
  );
  return rows;
}

describe("saving a search", () => {
  it("checks the query as a search would, and names the parameter at fault", async () => {
    const { session } = await signedIn();
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
      const res = await save(session, body);
      expect([res.status, res.body.error.code, res.body.error.param]).toEqual([
        400,
        "invalid_parameter",
        param,
      ]);
    }
  });

  it("keeps to the plan's number of saved searches", async () => {
    const { session } = await signedIn("free");
    expect((await save(session, { name: "one", query: "q=nurse", email_digest: true })).status).toBe(200);
    const second = await save(session, { name: "two", query: "q=cook", email_digest: true });
    expect([second.status, second.body.error.code]).toEqual([403, "plan_limit"]);
  });

  it("stores the query in one canonical order, and shows the webhook secret once", async () => {
    const { session, userId } = await signedIn();
    const res = await save(session, {
      name: "Python in Germany",
      query: "https://api.example.com/v1/jobs?q=python&country=DE",
      email_digest: false,
      webhook_url: hook("canonical"),
    });
    expect(res.status).toBe(200);
    expect(res.body.saved_search).toMatchObject({ query: "country=DE&q=python", webhook_status: "active" });
    expect(res.body.webhook_secret).toMatch(/^whsec_/);
    const { rows } = await admin.query("SELECT webhook_secret FROM saved_searches WHERE user_id = $1", [
      userId,
    ]);
    expect(rows[0].webhook_secret).not.toContain(res.body.webhook_secret);
  });
});

describe("after an import", () => {
  it("delivers each search's new matching jobs once, signed, by webhook and e-mail", async () => {
    const { session, email } = await signedIn();
    const saved = await save(session, {
      name: "Python in Germany",
      query: "q=python&country=DE",
      email_digest: true,
      webhook_url: hook("python"),
    });
    const secret = saved.body.webhook_secret as string;
    await loadCatalog(NEXT, null, "saved searches next");
    await Promise.all([planAll(), planAll()]); // two instances: one plan each import
    await Promise.all([deliverAll(), deliverAll()]);
    expect(at("python")).toHaveLength(1);
    const event = at("python")[0] as Received;
    expect(verifySignature(event.signature, event.body, secret)).toMatchObject({ ok: true });
    const body = SavedSearchEventSchema.parse(JSON.parse(event.body)); // as the OpenAPI webhook says
    expect(body).toMatchObject({ id: event.id, type: "saved_search.new_jobs", total: 2, total_exact: true });
    expect(body.jobs.map((j: { id: string }) => j.id).sort()).toEqual(["ss-3", "ss-4"]);
    const mail = await waitForMail(process.env.MAIL_WEB_URL!, email, /2 new jobs for “Python in Germany”/);
    expect(mail.text).toContain("Senior Python Engineer");
    expect(mail.text).toMatch(/\/unsubscribe\/ss_/);
    expect(await attemptsOf(saved.body.saved_search.id)).toEqual([
      { channel: "email", status: "delivered", attempts: 1, jobs: 2, codes: [null] },
      { channel: "webhook", status: "delivered", attempts: 1, jobs: 2, codes: [200] },
    ]);
    // Planned once: a later round adds nothing.
    await deliverAll();
    expect(at("python")).toHaveLength(1);
  });

  it("retries a failed delivery with the same event id until the endpoint takes it", async () => {
    const { session } = await signedIn();
    const saved = await save(session, {
      name: "Nurses",
      query: "q=nurse",
      email_digest: false,
      webhook_url: hook("nurses"),
    });
    answers = [500, 503];
    await loadCatalog([...NEXT, job("ss-6", "Night Nurse", "DE", 1)], null, "saved searches retry");
    await deliverAll();
    const ids = at("nurses").map((r) => r.id);
    expect(ids).toEqual([ids[0], ids[0], ids[0]]);
    expect(await attemptsOf(saved.body.saved_search.id)).toEqual([
      { channel: "webhook", status: "delivered", attempts: 3, jobs: 1, codes: [500, 503, 200] },
    ]);
  });

  it("gives up on an endpoint that does not answer in time, and tries again", async () => {
    const { session } = await signedIn();
    const saved = await save(session, {
      name: "Cooks",
      query: "q=cook",
      email_digest: false,
      webhook_url: hook("cooks"),
    });
    answers = ["hang"];
    await loadCatalog([...NEXT, job("ss-7", "Line Cook", "DE", 1)], null, "saved searches timeout");
    const started = Date.now();
    await deliverAll({ timeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const [row] = await attemptsOf(saved.body.saved_search.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 2, codes: [null, 200] });
    const { rows } = await admin.query(
      "SELECT a.error FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id WHERE d.saved_search_id = $1 ORDER BY a.id",
      [saved.body.saved_search.id],
    );
    expect(rows[0].error).toMatch(/^timeout/);
  });

  it("never reaches a private address when the policy forbids it", async () => {
    const { session } = await signedIn();
    const saved = await save(session, {
      name: "Bakers",
      query: "q=baker",
      email_digest: false,
      webhook_url: hook("bakers"),
    });
    await loadCatalog([...NEXT, job("ss-8", "Baker", "DE", 1)], null, "saved searches private");
    await planAll();
    await sendDueDeliveries(new Date(), () => 0.5, { allowPrivate: false });
    expect(at("bakers")).toEqual([]);
    const { rows } = await admin.query(
      "SELECT d.status, a.error FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id WHERE d.saved_search_id = $1",
      [saved.body.saved_search.id],
    );
    expect(rows).toEqual([{ status: "pending", error: expect.stringMatching(/^private_address/) }]);
  });

  it("turns off an endpoint failing for three days, and says so by e-mail", async () => {
    const { session, email } = await signedIn();
    const saved = await save(session, {
      name: "Welders",
      query: "q=welder",
      email_digest: false,
      webhook_url: hook("welders"),
    });
    const id = saved.body.saved_search.id;
    await admin.query(
      "UPDATE saved_searches SET webhook_failing_since = now() - interval '4 days' WHERE id = $1",
      [id],
    );
    answers = [500];
    await loadCatalog([...NEXT, job("ss-9", "Welder", "DE", 1)], null, "saved searches disable");
    await deliverAll();
    expect(received).toHaveLength(1);
    const { rows } = await admin.query(
      "SELECT webhook_disabled_at IS NOT NULL AS off FROM saved_searches WHERE id = $1",
      [id],
    );
    expect(rows[0].off).toBe(true);
    await waitForMail(process.env.MAIL_WEB_URL!, email, /Webhook for “Welders” turned off/);
    const on = await sitePost("/api/saved-searches/enable-webhook", { id }, { session });
    expect(await on.json()).toEqual({ enabled: id });
    const again = await admin.query(
      "SELECT webhook_disabled_at, webhook_failing_since FROM saved_searches WHERE id = $1",
      [id],
    );
    expect(again.rows[0]).toEqual({ webhook_disabled_at: null, webhook_failing_since: null });
    expect(await attemptsOf(id)).toEqual([
      { channel: "webhook", status: "skipped", attempts: 2, jobs: 1, codes: [500] },
    ]);
  });
});

describe("the delivery log", () => {
  it("keeps settled deliveries 90 days, and pending ones however old", async () => {
    const { session } = await signedIn();
    const saved = await save(session, {
      name: "Old",
      query: "q=old",
      email_digest: false,
      webhook_url: hook("old"),
    });
    await sitePost("/api/saved-searches/test-event", { id: saved.body.saved_search.id }, { session });
    await sitePost("/api/saved-searches/test-event", { id: saved.body.saved_search.id }, { session });
    const { rows } = await admin.query("SELECT id FROM deliveries WHERE saved_search_id = $1 ORDER BY id", [
      saved.body.saved_search.id,
    ]);
    await admin.query("UPDATE deliveries SET done_at = now() - interval '91 days' WHERE id = $1", [
      rows[0].id,
    ]);
    await admin.query(
      "UPDATE deliveries SET done_at = NULL, status = 'pending', next_attempt_at = now() + interval '1 day', created_at = now() - interval '100 days' WHERE id = $1",
      [rows[1].id],
    );
    await purgeDeliveries();
    const left = await admin.query("SELECT id FROM deliveries WHERE saved_search_id = $1", [
      saved.body.saved_search.id,
    ]);
    expect(left.rows.map((r) => r.id)).toEqual([rows[1].id]);
  });
});

describe("the Studio's actions", () => {
  it("send a signed test event now, and log it", async () => {
    const { session } = await signedIn();
    const saved = await save(session, {
      name: "Test",
      query: "q=test",
      email_digest: false,
      webhook_url: hook("test"),
    });
    const res = await sitePost(
      "/api/saved-searches/test-event",
      { id: saved.body.saved_search.id },
      { session },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).delivery).toMatchObject({
      channel: "test",
      status: "delivered",
      last_status: 200,
    });
    const event = at("test")[0] as Received;
    expect(JSON.parse(event.body)).toMatchObject({ type: "saved_search.test", id: event.id });
    expect(verifySignature(event.signature, event.body, saved.body.webhook_secret)).toMatchObject({
      ok: true,
    });
  });

  it("rotate the secret: both secrets sign deliveries until the old one lapses", async () => {
    const { session } = await signedIn();
    const saved = await save(session, {
      name: "Rotate",
      query: "q=rotate",
      email_digest: false,
      webhook_url: hook("rotate"),
    });
    const res = await sitePost(
      "/api/saved-searches/rotate-secret",
      { id: saved.body.saved_search.id },
      { session },
    );
    const { webhook_secret: fresh } = await res.json();
    expect(fresh).not.toBe(saved.body.webhook_secret);
    await sitePost("/api/saved-searches/test-event", { id: saved.body.saved_search.id }, { session });
    const event = at("rotate")[0] as Received;
    expect(verifySignature(event.signature, event.body, fresh)).toMatchObject({ ok: true });
    expect(verifySignature(event.signature, event.body, saved.body.webhook_secret)).toMatchObject({
      ok: true,
    });
  });

  it("touch only the signed-in user's own searches", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const saved = await save(owner.session, { name: "Mine", query: "q=mine", email_digest: true });
    const id = saved.body.saved_search.id;
    for (const path of [
      "/api/saved-searches/delete",
      "/api/saved-searches/rotate-secret",
      "/api/saved-searches/test-event",
    ]) {
      const res = await sitePost(path, { id }, { session: other.session });
      expect([path, res.status]).toEqual([path, 404]);
    }
    const anonymous = await sitePost("/api/saved-searches", { name: "x", query: "q=x", email_digest: true });
    expect(anonymous.status).toBe(401);
    expect((await sitePost("/api/saved-searches/delete", { id }, { session: owner.session })).status).toBe(
      200,
    );
  });

  it("unsubscribe a digest by its link's token, without signing in", async () => {
    const { session } = await signedIn();
    const saved = await save(session, { name: "Digest", query: "q=digest", email_digest: true });
    const { unsubscribeToken } = await import("@/lib/saved-searches/unsubscribe");
    const token = unsubscribeToken(saved.body.saved_search.id);
    const altered = `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`;
    const bad = await sitePost("/api/saved-searches/unsubscribe", { token: altered });
    const badBody = await bad.json();
    expect([bad.status, badBody.error?.code, badBody]).toEqual([400, "invalid_token", expect.anything()]);
    const res = await sitePost("/api/saved-searches/unsubscribe", { token });
    expect(await res.json()).toEqual({ unsubscribed: true });
    const { rows } = await admin.query("SELECT email_digest FROM saved_searches WHERE id = $1", [
      saved.body.saved_search.id,
    ]);
    expect(rows[0].email_digest).toBe(false);
  });
});
