// Saved searches that call back, against a real Postgres, mail sink and a local HTTP receiver:
// saving (and its refusals), planning after an import, and signed deliveries, exactly once
// across concurrent workers, by webhook and digest.
import { describe, expect, it } from "vitest";
import { liveSnapshot } from "@/lib/catalog/live";
import { SavedSearchEventSchema } from "@/lib/saved-searches/schemas";
import { verifySignature } from "@/lib/webhooks/signature";
import { waitForMail } from "../harness/support/mail-sink";
import { job, loadCatalog } from "./support/fixtures";
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
      [{ name: "a\u0000b", query: "q=python", email_digest: true }, "name"],
      [
        { name: "x", query: "q=python", email_digest: false, webhook_url: "https://example.com/a\u0000" },
        "webhook_url",
      ],
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

  it("keeps a bare query's own question mark, and takes a path's or a URL's query after its first", async () => {
    const { session } = await w.signedIn("pro");
    const cases: [string, string][] = [
      ["q=nurse?&country=DE", "country=DE&q=nurse%3F"],
      ["?q=nurse?&country=DE", "country=DE&q=nurse%3F"],
      ["/v1/jobs?country=DE&q=nurse", "country=DE&q=nurse"],
      ["http://localhost:3000/v1/jobs?q=nurse?", "q=nurse%3F"],
      ["v1/jobs?title=nurse", "title=nurse"],
      ["localhost:3000/v1/jobs?q=nurse&country=DE", "country=DE&q=nurse"],
    ];
    for (const [query, stored] of cases) {
      const res = await w.save(session, { name: query.slice(0, 40), query, email_digest: true });
      expect([query, res.status, res.body.saved_search?.query]).toEqual([query, 200, stored]);
    }
  });

  it("stores a city typed decomposed as the composed one it matches", async () => {
    const { session } = await w.signedIn();
    const res = await w.save(session, {
      name: "Munich",
      query: "city=Mu%CC%88nchen%2C%20DE",
      email_digest: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.saved_search.query).toBe(new URLSearchParams({ city: "M\u00fcnchen, DE" }).toString());
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
  it("delivers an import's new jobs when the planning instance still points at the snapshot before", async () => {
    const { session } = await w.signedIn();
    const saved = await w.save(session, {
      name: "Sommeliers",
      query: "q=sommelier&country=DE",
      email_digest: false,
      webhook_url: w.hook("sommelier"),
    });
    const before = await liveSnapshot();
    await loadCatalog([...NEXT, job("ss-11", "Sommelier", "DE", 1)], null, "saved searches swap elsewhere");
    // As an instance that did not run the import holds it for up to a second after the swap.
    (globalThis as { livePointer?: unknown }).livePointer = { value: before, until: Date.now() + 60_000 };
    await w.deliverAll();
    expect(w.at("sommelier")).toHaveLength(1);
    const event = SavedSearchEventSchema.parse(JSON.parse((w.at("sommelier")[0] as Received).body));
    expect(event.jobs.map((j: { id: string }) => j.id)).toEqual(["ss-11"]);
    expect(await w.attemptsOf(saved.body.saved_search.id)).toEqual([
      { channel: "webhook", status: "delivered", attempts: 1, jobs: 1, codes: [200] },
    ]);
  });
});
