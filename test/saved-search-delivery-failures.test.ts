// Saved-search webhooks that fail, against a real Postgres, mail sink and a local HTTP receiver:
// retries with the same event id, timeouts, SSRF refusals, and an endpoint turned off (and on).
import { describe, expect, it } from "vitest";
import { sendDueDeliveries } from "@/lib/saved-searches/sender";
import { waitForMail } from "../harness/support/mail-sink";
import { job, loadCatalog } from "./support/fixtures";
import { sitePost } from "./support/http";
import { NEXT, savedSearchWorld } from "./support/saved-searches";

const w = savedSearchWorld();

describe("after an import", () => {
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
