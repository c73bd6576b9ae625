// Usage alerts by e-mail, through the real wrapper, database and mail sink: queued once per
// window and threshold whatever the request rate, sent with the reset time, not sent when the
// user turned them off or once the window is over, and retried after an SMTP failure.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { alertsQueued } from "@/lib/alerts/outbox";
import { sendDueAlerts } from "@/lib/alerts/sender";
import { MailError } from "@/lib/mail/send";
import { waitForMail } from "../harness/support/mail-sink";
import { createTestKey, sessionFor } from "./support/api-keys";
import { getJson, sitePost } from "./support/http";

const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
const connected = admin.connect();
afterAll(() => admin.end());

async function alertsOf(userId: string) {
  await connected;
  const { rows } = await admin.query(
    `SELECT "window", threshold, used, "limit", outcome, attempts, last_error IS NOT NULL AS failed
     FROM usage_alerts WHERE user_id = $1 ORDER BY "window", threshold`,
    [userId],
  );
  return rows;
}

/** `n` keyed requests, one at a time, then the alerts they queued written. */
async function spend(key: string, n: number) {
  for (let i = 0; i < n; i++) await getJson("/v1/salary?country=DE", {}, key);
  await alertsQueued();
}

type Send = Parameters<typeof sendDueAlerts>[1];

/**
 * Rounds of the sender until none of this user's alerts is due (other test files queue alerts
 * too, and a round takes the oldest first).
 */
async function sendFor(userId: string, send?: Send) {
  for (let i = 0; i < 50; i++) {
    await sendDueAlerts(new Date(), send);
    const { rows } = await admin.query(
      "SELECT count(*)::int AS n FROM usage_alerts WHERE user_id = $1 AND outcome IS NULL AND next_attempt_at <= now()",
      [userId],
    );
    if (rows[0].n === 0) return;
  }
  throw new Error("alerts still due after 50 rounds");
}

describe("usage alerts", () => {
  it("are queued once at 80 % and once at 100 % of the day, however many requests follow", async () => {
    const { key, userId } = await createTestKey({ tier: "free" }); // 50 a day
    await spend(key, 39);
    expect(await alertsOf(userId)).toEqual([]);
    await spend(key, 1);
    expect(await alertsOf(userId)).toEqual([
      { window: "daily", threshold: 80, used: 40, limit: 50, outcome: null, attempts: 0, failed: false },
    ]);
    await spend(key, 12); // 50 admitted, then two 429s
    expect((await alertsOf(userId)).map((a) => [a.window, a.threshold, a.used])).toEqual([
      ["daily", 80, 40],
      ["daily", 100, 50],
    ]);
  }, 60_000);

  it("are e-mailed with the numbers and the reset time, and marked sent", async () => {
    const { key, userId, email } = await createTestKey({ tier: "free" });
    await spend(key, 40);
    await sendFor(userId);
    const mail = await waitForMail(process.env.MAIL_WEB_URL!, email, /80 % of today's API quota/);
    expect(mail.text).toMatch(/40 of the 50 in your daily quota/);
    expect(mail.text).toMatch(/00:00:00 GMT/); // the daily reset, midnight UTC
    expect(mail.text).not.toMatch(/jsk_/); // never a key
    expect((await alertsOf(userId)).map((a) => a.outcome)).toEqual(["sent"]);
    await sendFor(userId);
    expect((await alertsOf(userId)).map((a) => a.attempts)).toEqual([1]); // not sent twice
  }, 60_000);

  it("are not sent to a user who turned them off in the Studio", async () => {
    const { key, userId } = await createTestKey({ tier: "free" });
    const session = await sessionFor(userId);
    const res = await sitePost("/api/keys/alerts", { enabled: false }, { session });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ usage_alerts: false });
    await spend(key, 40);
    await sendFor(userId);
    expect((await alertsOf(userId)).map((a) => a.outcome)).toEqual(["off"]);
  }, 60_000);

  it("are retried after an SMTP failure, and dropped once their window is over", async () => {
    const { key, userId, email } = await createTestKey({ tier: "free" });
    await spend(key, 40);
    await sendFor(userId, async () => {
      throw new MailError("could not send e-mail: ECONNREFUSED");
    });
    const [after] = await alertsOf(userId);
    expect(after).toMatchObject({ outcome: null, attempts: 1, failed: true });
    // Not due again at once: the retry waits.
    await sendDueAlerts(new Date());
    expect(await alertsOf(userId)).toEqual([after]);
    await admin.query("UPDATE usage_alerts SET next_attempt_at = now() WHERE user_id = $1", [userId]);
    await sendFor(userId);
    await waitForMail(process.env.MAIL_WEB_URL!, email, /80 % of today's API quota/);
    expect((await alertsOf(userId)).map((a) => [a.outcome, a.attempts])).toEqual([["sent", 2]]);

    // A queued alert whose window reset before it could go out is not news any more.
    const other = await createTestKey({ tier: "free" });
    await spend(other.key, 40);
    await admin.query("UPDATE usage_alerts SET resets_at = now() - interval '1 minute' WHERE user_id = $1", [
      other.userId,
    ]);
    await sendFor(other.userId);
    expect((await alertsOf(other.userId)).map((a) => a.outcome)).toEqual(["expired"]);
  }, 60_000);

  it("take a switch that is true or false, from a signed-in user only", async () => {
    const { userId } = await createTestKey({ tier: "free" });
    const session = await sessionFor(userId);
    const bad = await sitePost("/api/keys/alerts", { enabled: "yes" }, { session });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("invalid_parameter");
    const anonymous = await sitePost("/api/keys/alerts", { enabled: false });
    expect(anonymous.status).toBe(401);
    const back = await sitePost("/api/keys/alerts", { enabled: true }, { session });
    expect(await back.json()).toEqual({ usage_alerts: true });
  });
});
