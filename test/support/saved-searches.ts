// A saved-search test file's world: a local webhook receiver (each test's searches deliver to a
// path of their own), a direct database connection, the catalog the imports build on, and the
// steps the tests share: sign in, save, plan, deliver, read the attempts.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { planDeliveries } from "@/lib/saved-searches/plan";
import { sendDueDeliveries } from "@/lib/saved-searches/sender";
import { createTestKey, sessionFor } from "./api-keys";
import { job, loadCatalog, type Rec } from "./fixtures";
import { sitePost } from "./http";

export type Received = { id: string; signature: string; body: string; url: string };

export const BASE: Rec[] = [job("ss-1", "Nurse", "DE", 2), job("ss-2", "Python Developer", "FR", 2)];
export const NEXT: Rec[] = [
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

/** Registers the file's hooks; the returned steps are usable inside its tests. */
export function savedSearchWorld() {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  let received: Received[] = [];
  /** What the receiver answers next: a status, or "hang" (never answers). */
  let answers: (number | "hang")[] = [];
  let server: Server;
  let receiverBase = "";

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
    // Searches calling this file's receiver would call a closed port from later files' imports.
    await admin.query("DELETE FROM saved_searches WHERE webhook_url LIKE $1", [`${receiverBase}/%`]);
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

  /** Plans every import not planned yet (other files' imports leave some: a round plans three). */
  async function planAll() {
    const all = { imports: 0, searches: 0, queries: 0, deliveries: 0 };
    for (;;) {
      const round = await planDeliveries();
      if (round.imports === 0) return all;
      for (const k of Object.keys(all) as (keyof typeof all)[]) all[k] += round[k];
    }
  }

  return {
    admin,
    /** A receiver URL of the test's own, so other tests' searches delivering there are told apart. */
    hook: (tag: string) => `${receiverBase}/hooks/${tag}?token=abc`,
    at: (tag: string) => received.filter((r) => r.url.startsWith(`/hooks/${tag}?`)),
    received: () => received,
    answerNext: (next: (number | "hang")[]) => {
      answers = next;
    },
    async signedIn(tier: "free" | "pro" = "pro") {
      const { userId, email } = await createTestKey({ tier });
      return { userId, email, session: await sessionFor(userId) };
    },
    async save(session: string, body: Record<string, unknown>) {
      const res = await sitePost("/api/saved-searches", body, { session });
      return { status: res.status, body: await res.json() };
    },
    planAll,
    /** Rounds of the worker until nothing is due now (retries drawn with no wait). */
    async deliverAll(opts: Parameters<typeof sendDueDeliveries>[2] = {}) {
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
    },
    async attemptsOf(savedSearchId: string) {
      const { rows } = await admin.query(
        `SELECT d.channel, d.status, d.attempts, d.jobs, array_agg(a.status_code ORDER BY a.id) AS codes
         FROM deliveries d LEFT JOIN delivery_attempts a ON a.delivery_id = d.id
         WHERE d.saved_search_id = $1 AND d.channel <> 'test' GROUP BY d.id ORDER BY d.channel`,
        [savedSearchId],
      );
      return rows;
    },
  };
}
