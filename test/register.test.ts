// Registering, confirming and revoking from the site: sessions, same-origin, e-mail.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { waitForMail } from "../harness/support/mail-sink";
import { createTestKey } from "./support/api-keys";
import { ErrorBodySchema } from "./support/error-shape";
import { catalogAndClient } from "./support/fixtures";
import { request, sitePost } from "./support/http";

const client = catalogAndClient();

async function signedIn() {
  const email = `web-${randomBytes(5).toString("hex")}@example.com`;
  const user = await db().user.create({ data: { email } });
  const session = randomBytes(32).toString("hex");
  await db().session.create({
    data: { sessionToken: session, userId: user.id, expires: new Date(Date.now() + 3_600_000) },
  });
  return { email, userId: user.id, session };
}

const mailUrl = () => process.env.MAIL_WEB_URL!;

function fromMail(text: string) {
  return { key: /jsk_[0-9A-Za-z]{36}/.exec(text)?.[0], token: /#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] };
}

describe("POST /api/keys/register", () => {
  it("needs a signed-in session; an API key does not count", async () => {
    const { key } = await createTestKey();
    const res = await sitePost("/api/keys/register", {}, { headers: { "x-api-key": key } });
    expect(res.status).toBe(401);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe("not_signed_in");
    const expired = await signedIn();
    await client.query("UPDATE sessions SET expires = now() - interval '1 second' WHERE session_token = $1", [
      expired.session,
    ]);
    expect((await sitePost("/api/keys/register", {}, { session: expired.session })).status).toBe(401);
  });

  it("refuses cross-site requests and non-JSON bodies", async () => {
    const { session } = await signedIn();
    expect(
      (await sitePost("/api/keys/register", {}, { session, headers: { origin: "https://evil.example" } }))
        .status,
    ).toBe(403);
    const form = await request("/api/keys/register", {
      method: "POST",
      key: null,
      headers: {
        origin: "http://localhost:3000",
        cookie: `next-auth.session-token=${session}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "a=1",
    });
    expect(form.status).toBe(403);
    const noOrigin = await request("/api/keys/register", {
      method: "POST",
      key: null,
      headers: {
        cookie: `next-auth.session-token=${session}`,
        "content-type": "application/json",
        "sec-fetch-site": "cross-site",
      },
      body: "{}",
    });
    expect(noOrigin.status).toBe(403);
  });

  it("answers 202 without the key, e-mails the key and a link, and the link activates it once", async () => {
    const { session, email } = await signedIn();
    const res = await sitePost("/api/keys/register", {}, { session });
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["email", "hint", "id", "status"]);
    expect(body).toMatchObject({ status: "inactive", email });
    expect(JSON.stringify(body)).not.toMatch(/jsk_[0-9A-Za-z]{20,}/);

    const mail = await waitForMail(mailUrl(), email, /API key/);
    const { key, token } = fromMail(mail.text);
    expect(key && token).toBeTruthy();
    expect(mail.html).toContain(key!);
    expect(body.hint).toBe(`jsk_…${key!.slice(-4)}`);
    expect((await request("/v1/jobs", { key })).status).toBe(401);

    expect(await (await sitePost("/api/keys/confirm/check", { token })).json()).toMatchObject({
      state: "ready",
      hint: body.hint,
    });
    const confirmed = await sitePost("/api/keys/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ id: body.id, status: "active" });
    expect((await request("/v1/jobs", { key })).status).toBe(200);

    const again = await sitePost("/api/keys/confirm", { token });
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe("invalid_token");
    // A reused link says the key is active (not "register again"), and changes nothing.
    expect(await (await sitePost("/api/keys/confirm/check", { token })).json()).toEqual({
      state: "active",
      hint: body.hint,
    });
    expect((await request("/v1/jobs", { key })).status).toBe(200);

    const dup = await sitePost("/api/keys/register", {}, { session });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.code).toBe("key_exists");
  });

  it("says an expired link has expired, and the key stays inactive", async () => {
    const { session, email } = await signedIn();
    await sitePost("/api/keys/register", {}, { session });
    const { token } = fromMail((await waitForMail(mailUrl(), email, /API key/)).text);
    await client.query(
      "UPDATE api_keys SET confirm_expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      [email],
    );
    expect(await (await sitePost("/api/keys/confirm/check", { token })).json()).toMatchObject({
      state: "expired",
    });
    const res = await sitePost("/api/keys/confirm", { token });
    expect(res.status).toBe(410);
    expect((await res.json()).error.code).toBe("token_expired");
  });

  it("rejects a malformed token as a parameter error", async () => {
    const res = await sitePost("/api/keys/confirm", { token: "short" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: "invalid_parameter", param: "token" });
  });

  it("e-mails exactly one intact key in each part, and that key works", async () => {
    const { session, email } = await signedIn();
    await sitePost("/api/keys/register", {}, { session });
    const mail = await waitForMail(mailUrl(), email, /API key/);
    // Greedy: a key glued to a copy of itself would show as one longer string.
    const keysIn = (part: string) => part.match(/jsk_[0-9A-Za-z]+/g) ?? [];
    const [inText, inHtml] = [keysIn(mail.text), keysIn(mail.html)];
    expect(inText).toHaveLength(1);
    expect(inHtml).toHaveLength(1);
    expect(inText[0]).toHaveLength(40);
    expect(inHtml[0]).toBe(inText[0]);
    const { token } = fromMail(mail.text);
    await sitePost("/api/keys/confirm", { token });
    expect((await request("/v1/jobs", { key: inText[0] })).status).toBe(200);
  });

  it("revokes from the Studio, tells the owner, and the key is refused at once", async () => {
    const { session, email } = await signedIn();
    await sitePost("/api/keys/register", {}, { session });
    const { key, token } = fromMail((await waitForMail(mailUrl(), email, /API key/)).text);
    await sitePost("/api/keys/confirm", { token });
    expect((await request("/v1/jobs", { key })).status).toBe(200);
    const res = await sitePost("/api/keys/revoke", {}, { session });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "revoked" });
    expect((await request("/v1/jobs", { key })).status).toBe(401);
    // Its link no longer says "active": the page then tells the owner to register again.
    expect(await (await sitePost("/api/keys/confirm/check", { token })).json()).toEqual({ state: "unknown" });
    const notice = await waitForMail(mailUrl(), email, /revoked/);
    expect(notice.text).toContain(`jsk_…${key!.slice(-4)}`);
    expect(notice.text).not.toContain(key!);
    expect((await sitePost("/api/keys/register", {}, { session })).status).toBe(202);
  });
});
