// The Studio's saved-search actions through their routes: test events, secret rotation, other
// users' ids, and unsubscribing from a digest without signing in.
import { describe, expect, it } from "vitest";
import { verifySignature } from "@/lib/webhooks/signature";
import { sitePost } from "./support/http";
import { type Received, savedSearchWorld } from "./support/saved-searches";

const w = savedSearchWorld();

describe("the Studio's actions", () => {
  it("send a signed test event now, and log it", async () => {
    const { session } = await w.signedIn();
    const saved = await w.save(session, {
      name: "Test",
      query: "q=test",
      email_digest: false,
      webhook_url: w.hook("test"),
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
    const event = w.at("test")[0] as Received;
    expect(JSON.parse(event.body)).toMatchObject({ type: "saved_search.test", id: event.id });
    expect(verifySignature(event.signature, event.body, saved.body.webhook_secret)).toMatchObject({
      ok: true,
    });
  });

  it("rotate the secret: both secrets sign deliveries until the old one lapses", async () => {
    const { session } = await w.signedIn();
    const saved = await w.save(session, {
      name: "Rotate",
      query: "q=rotate",
      email_digest: false,
      webhook_url: w.hook("rotate"),
    });
    const res = await sitePost(
      "/api/saved-searches/rotate-secret",
      { id: saved.body.saved_search.id },
      { session },
    );
    const { webhook_secret: fresh } = await res.json();
    expect(fresh).not.toBe(saved.body.webhook_secret);
    await sitePost("/api/saved-searches/test-event", { id: saved.body.saved_search.id }, { session });
    const event = w.at("rotate")[0] as Received;
    expect(verifySignature(event.signature, event.body, fresh)).toMatchObject({ ok: true });
    expect(verifySignature(event.signature, event.body, saved.body.webhook_secret)).toMatchObject({
      ok: true,
    });
  });

  it("touch only the signed-in user's own searches", async () => {
    const owner = await w.signedIn();
    const other = await w.signedIn();
    const saved = await w.save(owner.session, { name: "Mine", query: "q=mine", email_digest: true });
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
    // A cookie that decodes to a NUL is no session, not a failed lookup.
    const nul = await sitePost(
      "/api/saved-searches",
      { name: "x", query: "q=x", email_digest: true },
      { session: "%00" },
    );
    expect(nul.status).toBe(401);
    expect((await sitePost("/api/saved-searches/delete", { id }, { session: owner.session })).status).toBe(
      200,
    );
  });

  it("unsubscribe a digest by its link's token, without signing in", async () => {
    const { session } = await w.signedIn();
    const saved = await w.save(session, { name: "Digest", query: "q=digest", email_digest: true });
    const { unsubscribeToken } = await import("@/lib/saved-searches/unsubscribe");
    const token = unsubscribeToken(saved.body.saved_search.id);
    const altered = `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`;
    const bad = await sitePost("/api/saved-searches/unsubscribe", { token: altered });
    const badBody = await bad.json();
    expect([bad.status, badBody.error?.code, badBody]).toEqual([400, "invalid_token", expect.anything()]);
    const res = await sitePost("/api/saved-searches/unsubscribe", { token });
    expect(await res.json()).toEqual({ unsubscribed: true });
    const { rows } = await w.admin.query("SELECT email_digest FROM saved_searches WHERE id = $1", [
      saved.body.saved_search.id,
    ]);
    expect(rows[0].email_digest).toBe(false);
  });
});
