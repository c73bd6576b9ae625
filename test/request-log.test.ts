// The request log through the real wrapper, writer and database: what a line holds (never a
// key), that requests never wait for their line, the Studio's filters and CSV export, and the
// daily partitions kept for the retention and dropped after it.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { hashOf } from "@/lib/keys/store";
import { recentRequests } from "@/lib/request-log/read";
import {
  flushRequestLog,
  RETENTION_DAYS,
  recordRequestLine,
  requestLogBacklog,
} from "@/lib/request-log/writer";
import { createTestKey, sessionFor } from "./support/api-keys";
import { getJson, request, SAME_ORIGIN } from "./support/http";

const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
const connected = admin.connect();
afterAll(() => admin.end());

async function linesOf(keyId: string) {
  await flushRequestLog();
  await connected;
  const { rows } = await admin.query(
    `SELECT request_id, method, route, path, query, status::int, error_code, ms
     FROM request_log WHERE key_id = $1 ORDER BY at, request_id`,
    [keyId],
  );
  return rows;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("the request log", () => {
  it("records each keyed request with its method, path, query, status, error code, duration and request id", async () => {
    const { key, id } = await createTestKey({ tier: "pro" });
    const ok = await getJson("/v1/jobs?title=engineer&country=DE", {}, key);
    const bad = await getJson("/v1/jobs?per_page=5000", {}, key);
    const missing = await getJson("/v1/jobs/no-such-job", {}, key);
    expect([ok.status, bad.status, missing.status]).toEqual([200, 400, 404]);
    const lines = await linesOf(id);
    expect(lines).toHaveLength(3);
    const byId = new Map(lines.map((l) => [l.request_id, l]));
    expect(byId.get(ok.res.headers.get("x-request-id")!)).toMatchObject({
      method: "GET",
      route: "/v1/jobs",
      path: "/v1/jobs",
      query: "title=engineer&country=DE",
      status: 200,
      error_code: null,
    });
    expect(byId.get(bad.res.headers.get("x-request-id")!)).toMatchObject({
      status: 400,
      error_code: bad.body.error.code,
    });
    expect(byId.get(missing.res.headers.get("x-request-id")!)).toMatchObject({
      route: "/v1/jobs/{id}",
      path: "/v1/jobs/no-such-job",
      status: 404,
      error_code: "not_found",
    });
    for (const l of lines) expect(l.ms).toBeGreaterThan(0);
  });

  it("never stores a key: a key in the URL is refused and logged without its query or path", async () => {
    const { key, id } = await createTestKey({ tier: "pro" });
    // An encoded key beside a malformed escape.
    const encoded = await getJson(`/v1/jobs?x=${key.replace("_", "%5F")}&y=%`, {}, key);
    expect(encoded.status).toBe(400);
    const inQuery = await getJson(`/v1/jobs?title=x&api_key=${key}`, {}, key);
    const onlyInQuery = await getJson(`/v1/salary?country=DE&token=${key}`, {}, null);
    const inPath = await getJson(`/v1/jobs/${key}`, {}, key);
    expect([inQuery.status, onlyInQuery.status, inPath.status]).toEqual([400, 400, 400]);
    const lines = await linesOf(id);
    expect(lines).toHaveLength(4);
    for (const l of lines) {
      expect(l.error_code).toBe("key_in_query");
      expect(l.query).toBeNull();
      expect(JSON.stringify(l)).not.toContain(key);
    }
    const { rows } = await admin.query(
      // Key-like text, as lib/keys/format.ts finds it (other "jsk_" strings are the fuzz test's).
      "SELECT count(*)::int AS n FROM request_log WHERE path ~ 'jsk_[0-9A-Za-z]{20}' OR query ~ 'jsk_[0-9A-Za-z]{20}'",
    );
    expect(rows[0].n).toBe(0);
  });

  it("leaves no line for a key nobody owns", async () => {
    await connected;
    const before = await admin.query("SELECT count(*)::int AS n FROM request_log");
    const res = await getJson("/v1/jobs", {}, `jsk_${"x".repeat(10)}`);
    expect(res.status).toBe(401);
    await flushRequestLog();
    const after = await admin.query("SELECT count(*)::int AS n FROM request_log");
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it("answers requests at once while their lines cannot be written, and writes them once it can", async () => {
    const { key, id } = await createTestKey({ tier: "pro" });
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE request_log IN ACCESS EXCLUSIVE MODE");
      const stuck = flushRequestLog(); // waits on the lock, as a write to a frozen database would
      const started = performance.now();
      for (let i = 0; i < 5; i++) expect((await getJson("/v1/jobs?country=DE", {}, key)).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(2_000);
      await locker.query("COMMIT");
      await stuck;
    } finally {
      await locker.end();
    }
    expect(await linesOf(id)).toHaveLength(5);
  });

  it("drops a batch Postgres refuses after a few tries, and goes on with the lines after it", async () => {
    const { key, id } = await createTestKey({ tier: "pro" });
    await flushRequestLog();
    const dropped = requestLogBacklog().dropped;
    // A method no HTTP parser lets through: Postgres refuses it (value too long for its column).
    recordRequestLine({
      at: new Date(),
      requestId: "req_AAAAAAAAAAAAAAAA",
      keyHash: hashOf(key),
      method: "X".repeat(20),
      route: "/v1/jobs",
      path: "/v1/jobs",
      query: null,
      status: 200,
      errorCode: null,
      ms: 1,
    });
    for (let i = 0; i < 3; i++) await flushRequestLog().catch(() => {});
    expect(requestLogBacklog()).toMatchObject({ waiting: 0, dropped: dropped + 1 });
    expect((await getJson("/v1/jobs", {}, key)).status).toBe(200);
    expect((await linesOf(id)).map((l) => l.method)).toEqual(["GET"]);
  });

  it("shows a user their own lines, filtered by status class, endpoint and request id", async () => {
    const mine = await createTestKey({ tier: "pro" });
    const theirs = await createTestKey({ tier: "pro" });
    await getJson("/v1/jobs?country=DE", {}, mine.key);
    const refused = await getJson("/v1/jobs?per_page=5000", {}, mine.key);
    await getJson("/v1/jobs?title=nurse", {}, mine.key);
    await getJson("/v1/jobs?title=nurse", {}, theirs.key);
    const all = await recentRequests(mine.userId, {});
    expect(all).toHaveLength(3);
    expect(all.every((r) => r.key_hint.startsWith("jsk_"))).toBe(true);
    // Newest first.
    expect(all[0]!.query).toBe("title=nurse");
    expect((await recentRequests(mine.userId, { status: "4xx" })).map((r) => r.status)).toEqual([400]);
    expect(await recentRequests(mine.userId, { route: "/v1/jobs" })).toHaveLength(3);
    expect(await recentRequests(mine.userId, { route: "/v1/salary" })).toHaveLength(0);
    const found = await recentRequests(mine.userId, { request_id: refused.res.headers.get("x-request-id")! });
    expect(found).toHaveLength(1);
    expect(found[0]!.error_code).toBe(refused.body.error.code);
    // Another user's request id finds nothing.
    const other = await recentRequests(theirs.userId, { request_id: found[0]!.request_id });
    expect(other).toHaveLength(0);
  });

  it("exports the signed-in user's lines as CSV, refuses bad filters with a 400 and strangers with a 401", async () => {
    const { key, userId } = await createTestKey({ tier: "pro" });
    await getJson("/v1/jobs?country=DE", {}, key);
    const session = await sessionFor(userId);
    const cookie = `next-auth.session-token=${session}`;
    const res = await request("/api/keys/requests?status=2xx", {
      headers: { ...SAME_ORIGIN, cookie },
      key: null,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="requests-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte-order mark first, so that spreadsheets read the key hints' "…" as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes); // drops the mark
    const rows = text.trim().split("\r\n");
    expect(rows[0]).toBe("time,request_id,key,method,path,query,status,error_code,duration_ms");
    expect(rows.slice(1).every((r) => r.includes(",200,"))).toBe(true);
    expect(text).toContain("/v1/jobs,country=DE,200");
    const bad = await request("/api/keys/requests?status=6xx", {
      headers: { ...SAME_ORIGIN, cookie },
      key: null,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ code: "invalid_parameter", param: "status" });
    const stranger = await request("/api/keys/requests", { headers: SAME_ORIGIN, key: null });
    expect(stranger.status).toBe(401);
    expect(stranger.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it(`keeps a day's partition ${RETENTION_DAYS} days and drops it after`, async () => {
    await connected;
    const old = day(-(RETENTION_DAYS + 3));
    const kept = day(-RETENTION_DAYS);
    const name = (d: string) => `request_log_${d.replaceAll("-", "")}`;
    for (const d of [old, kept]) {
      await admin.query(
        `CREATE TABLE IF NOT EXISTS ${name(d)} PARTITION OF request_log
         FOR VALUES FROM ('${d} 00:00+00') TO ('${d} 00:00+00'::timestamptz + interval '1 day')`,
      );
    }
    await admin.query("SELECT request_log_prepare($1::date, $1::date, $2::int)", [day(0), RETENTION_DAYS]);
    const { rows } = await admin.query(
      `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'request_log'::regclass ORDER BY 1`,
    );
    const names = rows.map((r) => r.relname);
    expect(names).not.toContain(name(old));
    expect(names).toContain(name(kept));
    expect(names).toContain(name(day(0)));
    expect(names).toContain(name(day(1)));
  });
});
