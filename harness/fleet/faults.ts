// Faults under load through the balancer: an app instance killed, a Redis master killed, the
// replica stopped. Plus what an operator relies on: /metrics refused without its token, and one
// JSON log line per request naming the key id, never the key.
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { type Outcome, send } from "../chaos/http";
import { runLoad } from "../chaos/load";
import { byStatus, catalogReads, type Row, scrape, settledCharge } from "./scenarios";
import { type Fleet, SWEEP_AGE_MS, SWEEP_MS } from "./world";

const ok = (os: Outcome[]) => os.filter((o) => o.status === 200).length;
const lost = (os: Outcome[]) => os.filter((o) => o.status !== 200 && o.status !== 429).length;

/** SIGKILL one instance (its whole process group) a third of the way into 1,200 requests. */
export async function appKilled(f: Fleet): Promise<Row> {
  const failures: string[] = [];
  const key = await f.createKey("builder", "app-killed");
  const victim = f.apps[1];
  if (!victim) throw new Error("no second instance");
  let killedAt = 0;
  const load = await runLoad({
    base: f.lb.url,
    path: (i) => `/v1/salary?country=${["DE", "FR", "US", "GB"][i % 4]}`,
    count: 1_200,
    concurrency: 24,
    maxMs: 90_000,
    headers: f.headers(key),
    onDone: (n) => {
      if (n === 400 && !killedAt) {
        killedAt = Date.now();
        victim.killNow();
      }
    },
  });
  const loadEnded = Date.now();
  const admitted = ok(load.outcomes);
  const redis = await f.redisDayCount(key);
  const failed = lost(load.outcomes);
  // The killed process's last epochs (what it had not yet flushed) stay in its journals in
  // Redis; a surviving instance's sweeper writes them once they are SWEEP_AGE_MS old. Until
  // then key_usage may show fewer than the 200s, never more. Then it is exactly what Redis
  // admitted: the 200s, plus any request the victim had admitted when it died (its caller saw
  // the connection reset; it is charged like a request whose answer was lost on the way).
  const early = await f.charged(key.id);
  let charged = early;
  const deadline = loadEnded + SWEEP_AGE_MS + 3 * SWEEP_MS + 5_000;
  while (charged !== redis && Date.now() < deadline) {
    await sleep(250);
    charged = await f.charged(key.id);
  }
  const sweptAfter = Date.now() - killedAt;
  await sleep(2 * SWEEP_MS); // a second sweep must add nothing
  const final = await f.charged(key.id);
  // Journals older than the sweep's age bound and one more round: none should be left.
  const cutoff = Date.now() - SWEEP_AGE_MS - 2 * SWEEP_MS;
  const leftover = (await f.redis.scanMasters(`${f.env.REDIS_PREFIX}{*}:j:*`)).filter(
    (k) => Number(k.slice(k.lastIndexOf(":") + 1)) < cutoff,
  );
  // After the balancer's checks have seen it gone (2 × 250 ms), nothing more is lost.
  const late = load.outcomes.filter((o) => (o.endedAt ?? 0) > killedAt + 1_500 && o.status !== 200);
  // The victim's last admissions become sweepable SWEEP_AGE_MS after they were journaled (at most
  // one flush interval before the kill). A load that ran on that long (a busy machine) may end
  // after the sweep: key_usage then already holds them, the 200s plus some of those cut off.
  const sweepable = loadEnded - killedAt >= SWEEP_AGE_MS - SWEEP_MS;
  if (early > admitted + (sweepable ? failed : 0))
    failures.push(
      `key_usage ${early} was more than the ${admitted} 200s${sweepable ? ` + the ${failed} cut off` : ""} at load end`,
    );
  if (charged !== redis) failures.push(`key_usage ${charged}, want what Redis admitted (${redis})`);
  if (charged < admitted || charged > admitted + failed)
    failures.push(
      `key_usage ${charged}, want the ${admitted} 200s (+ up to the ${failed} cut off by the kill)`,
    );
  if (final !== charged) failures.push(`key_usage moved from ${charged} to ${final} after the sweep`);
  if (leftover.length) failures.push(`${leftover.length} usage journals left unswept`);
  if (late.length) failures.push(`${late.length} requests failed more than 1.5 s after the kill`);
  // What was sent before the kill and failed was in flight at it: at most the load's 24
  // connections. What was sent after it and failed went to the dead instance before the
  // balancer's health checks saw it gone (slower on a busy machine): the 1.5 s check above
  // bounds that window, and it stays a small share of the load.
  const failedOnes = load.outcomes.filter((o) => o.status !== 200 && o.status !== 429);
  const inFlight = failedOnes.filter((o) => (o.startedAt ?? 0) <= killedAt).length;
  const misrouted = failedOnes.length - inFlight;
  if (inFlight > 24) failures.push(`${inFlight} requests in flight at the kill lost, more than 24`);
  if (misrouted > 24) failures.push(`${misrouted} requests sent after the kill lost, more than 24`);
  await victim.start(); // for the scenarios after this one
  return {
    name: "app instance SIGKILLed under load",
    figures: {
      sent: load.outcomes.length,
      "200": admitted,
      redis: String(redis),
      "key_usage at load end": early,
      key_usage: final,
      "exact after ms (from the kill)": sweptAfter,
      lost: failed,
      "lost in flight": inFlight,
      "lost after the kill": misrouted,
      statuses: byStatus(load.outcomes),
    },
    failures,
  };
}

/** How long after the failover ends a request may still be answered "undecided" (its in-flight calls to the dead master end, their epochs land). */
const UNDECIDED_GRACE_MS = 2_000;

/** SIGKILL the Redis master owning a free key's slot after 20 of its 50, then 400 more requests. */
export async function redisMasterKilled(f: Fleet): Promise<Row> {
  const failures: string[] = [];
  const key = await f.createKey("free", "redis-master");
  const path = (i: number) => `/v1/salary?country=${["DE", "FR", "US"][i % 3]}`;
  const first = await runLoad({
    base: f.lb.url,
    path,
    count: 20,
    concurrency: 4,
    maxMs: 30_000,
    headers: f.headers(key),
  });
  const master = await f.redis.masterOf(f.dayCounterKey(key));
  let recoveredMs = -1;
  let done = false;
  let killedAt = 0;
  const failover = (async () => {
    await f.redis.kill(master);
    killedAt = Date.now();
    // Over when another node owns the slot and every live node says the cluster is ok.
    while (Date.now() - killedAt < 30_000) {
      const owner = await f.redis.masterOf(f.dayCounterKey(key)).catch(() => master);
      if (owner !== master && (await f.redis.waitOk(undefined, 200).catch(() => -1)) >= 0) break;
      await sleep(100);
    }
    recoveredMs = Date.now() - killedAt;
    await sleep(1_000);
    done = true;
  })();
  // Paced load (4 clients, 20 ms apart) that lasts through the failover and a second past it.
  const rest: Outcome[] = [];
  const client = async () => {
    for (let i = 0; !done && i < 2_000; i++) {
      rest.push(await send(f.lb.url, path(i), { headers: f.headers(key), timeoutMs: 10_000 }));
      await sleep(20);
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  await failover;
  // Requests after the failover: the new master takes over the counting. Sent until ten are
  // refused (the surplus shows any admission past 50), or 30 s: an instance may still answer
  // "undecided" for a moment after the harness sees the cluster whole, and such an answer must
  // not leave the day short of its 50.
  const after: Outcome[] = [];
  const afterStart = Date.now();
  while (after.filter((o) => o.status === 429).length < 10 && Date.now() - afterStart < 30_000) {
    const batch = await runLoad({
      base: f.lb.url,
      path,
      count: 10,
      concurrency: 3,
      maxMs: 30_000,
      headers: f.headers(key),
    });
    after.push(...batch.outcomes);
    if (batch.outcomes.some((o) => o.status === 503)) await sleep(200);
  }
  const all = [...first.outcomes, ...rest, ...after];
  const admitted = ok(all);
  const charged = await settledCharge(f, key.id);
  if (admitted !== 50) failures.push(`admitted ${admitted}, want 50`);
  if (charged !== 50) failures.push(`key_usage ${charged}, want 50`);
  // While the slot has no master, a request the Postgres path cannot decide (units of the day
  // may be unused in the Redis it cannot reach) is an uncharged 503 with Retry-After, not a 429
  // that could be false. Only then: a 503 that ends later than a moment after the failover,
  // or without Retry-After, or any other status, is a failure.
  const until = killedAt + recoveredMs + UNDECIDED_GRACE_MS;
  const undecided = all.filter(
    (o) => o.status === 503 && (o.endedAt ?? Number.POSITIVE_INFINITY) <= until && o.headers["retry-after"],
  ).length;
  const failed = lost(all) - undecided;
  if (failed)
    failures.push(`${failed} requests neither 200, 429 nor a 503 during the failover: ${byStatus(all)}`);
  return {
    name: "Redis master SIGKILLed under load",
    figures: {
      master: `:${master}`,
      "failover ms": recoveredMs,
      sent: all.length,
      "200": admitted,
      charged,
      redis: String(await f.redisDayCount(key)),
      "503 during failover": undecided,
      lost: failed,
      statuses: byStatus(all),
    },
    failures,
  };
}

/** pg_ctl stop on the replica in the middle of catalog reads (each job id read once). */
export async function replicaStopped(f: Fleet): Promise<Row> {
  const failures: string[] = [];
  const key = await f.createKey("pro", "replica-stop");
  const ids = (
    await f.query<{ id: string }>(
      "SELECT id FROM jobs WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live WHERE id = 1) ORDER BY id LIMIT 900",
    )
  ).map((r) => r.id);
  const primaryBefore = await catalogReads(f, "primary_after_replica_error");
  const replicaBefore = await catalogReads(f, "replica");
  let stoppedAt = 0;
  const load = await runLoad({
    base: f.lb.url,
    path: (i) => `/v1/jobs/${encodeURIComponent(ids[i % ids.length] ?? "x")}`,
    count: ids.length,
    concurrency: 12,
    maxMs: 90_000,
    headers: f.headers(key),
    onDone: async (n) => {
      if (n === 300 && !stoppedAt) {
        stoppedAt = Date.now();
        await f.standby.stop();
      }
    },
  });
  const failed = load.outcomes.filter((o) => o.status !== 200).length;
  const retried = (await catalogReads(f, "primary_after_replica_error")) - primaryBefore;
  const replica = (await catalogReads(f, "replica")) - replicaBefore;
  if (failed) failures.push(`${failed} requests were not 200: ${byStatus(load.outcomes)}`);
  if (replica === 0) failures.push("no read went to the replica before it stopped");
  return {
    name: "replica stopped under load",
    figures: {
      sent: load.outcomes.length,
      "200": ok(load.outcomes),
      lost: failed,
      "replica reads": replica,
      "retried on primary": retried,
      statuses: byStatus(load.outcomes),
    },
    failures,
  };
}

/**
 * /metrics refuses a scrape without the token; the logs hold request lines with key ids, no key,
 * and no command the cluster refused for spanning slots.
 */
export async function operatorView(f: Fleet): Promise<Row> {
  const failures: string[] = [];
  const app = f.apps[0];
  if (!app) throw new Error("no instance");
  const without = await scrape(f, app.url, "");
  const wrong = await scrape(f, app.url, "x".repeat(48));
  const text = await scrape(f, app.url);
  if (without !== "status 401") failures.push(`/metrics without a token: ${without.slice(0, 40)}`);
  if (wrong !== "status 401") failures.push(`/metrics with a wrong token: ${wrong.slice(0, 40)}`);
  for (const name of [
    'jsa_http_requests_total{route="/v1/salary",status="200"}',
    "jsa_http_request_duration_seconds_bucket",
    'jsa_quota_decisions_total{outcome="admitted",backend="redis"}',
    'jsa_breaker_open{dependency="redis"}',
    'jsa_db_pool_connections{pool="primary",state="total"}',
    "jsa_catalog_live_snapshot_id",
    'jsa_catalog_import_duration_seconds{what="duration"}',
  ]) {
    if (!text.includes(name)) failures.push(`/metrics lacks ${name}`);
  }
  // Every instance's log: JSON request lines with request_id, route, status, ms and key_id.
  let lines = 0;
  let withKey = 0;
  for (const dir of readdirSync(f.logDir).filter((d) => d.startsWith("app"))) {
    for (const file of readdirSync(`${f.logDir}/${dir}`)) {
      const body = readFileSync(`${f.logDir}/${dir}/${file}`, "utf8");
      if (/jsk_[A-Za-z0-9]{36}/.test(body)) failures.push(`${dir}/${file} holds an API key`);
      // Every multi-key Redis command must stay within one slot of the cluster; a CROSSSLOT
      // refusal opens the breaker and sends quotas to Postgres.
      if (body.includes("CROSSSLOT"))
        failures.push(`${dir}/${file} logs a CROSSSLOT refusal from the cluster`);
      for (const line of body.split("\n")) {
        if (!line.startsWith("{")) continue;
        const j = JSON.parse(line) as Record<string, unknown>;
        if (j.msg !== "request") continue;
        lines++;
        if (!j.request_id || !j.route || !j.status || j.ms === undefined)
          failures.push(`bad log line: ${line}`);
        if (typeof j.key_id === "string") withKey++;
      }
    }
  }
  if (lines === 0 || withKey === 0) failures.push(`request log lines: ${lines}, with a key id: ${withKey}`);
  return {
    name: "metrics protected, request logs",
    figures: { "log lines": lines, "with key id": withKey },
    failures,
  };
}
