// GET /metrics for Prometheus. Not public: it answers only a request carrying
// `Authorization: Bearer $METRICS_TOKEN`, and is off (404) while METRICS_TOKEN is unset. The
// gauges below are read when scraped, so they cost nothing between scrapes.
import { createHash, timingSafeEqual } from "node:crypto";
import { liveSnapshot } from "../catalog/live";
import { db, dbPoolStats } from "../core/db";
import { replicaStates } from "../core/db-replicas";
import { env } from "../core/env";
import { readiness } from "../core/readiness";
import { metrics, scrapeGauge } from "../metrics/registry";
import { usageBacklog } from "../quota/usage-buffer";
import { redisUsable } from "../redis/breaker";
import { requestLogBacklog } from "../request-log/writer";

function installScrapeGauges(): void {
  scrapeGauge("jsa_breaker_open", "1 while a breaker sends work to its fallback", ["dependency"], (set) => {
    set({ dependency: "redis" }, redisUsable() ? 0 : 1);
    for (const r of replicaStates()) set({ dependency: r.name }, r.up ? 0 : 1);
  });
  scrapeGauge(
    "jsa_dependency_up",
    "1 when the dependency answers now (the readiness probe)",
    ["dependency"],
    async (set) => {
      const { checks } = await readiness();
      set({ dependency: "postgres" }, checks.postgres === "ok" ? 1 : 0);
      if (checks.redis !== "absent") set({ dependency: "redis" }, checks.redis === "ok" ? 1 : 0);
    },
  );
  scrapeGauge("jsa_db_pool_connections", "Database connections of this process", ["pool", "state"], (set) => {
    const pools = [{ name: "primary", pool: dbPoolStats() }, ...replicaStates()];
    for (const { name, pool } of pools) {
      set({ pool: name, state: "total" }, pool.total);
      set({ pool: name, state: "idle" }, pool.idle);
      set({ pool: name, state: "waiting" }, pool.waiting);
    }
  });
  scrapeGauge(
    "jsa_replica_lag_seconds",
    "Replay lag of each catalog replica at its last probe",
    ["replica"],
    (set) => {
      for (const r of replicaStates()) set({ replica: r.name }, r.lagMs / 1000);
    },
  );
  scrapeGauge(
    "jsa_usage_unwritten",
    "Usage this process has counted and not yet written to Postgres: closed epochs, and requests",
    ["what"],
    (set) => {
      const { epochs, requests } = usageBacklog();
      set({ what: "epochs" }, epochs);
      set({ what: "requests" }, requests);
    },
  );
  scrapeGauge(
    "jsa_request_log_lines",
    "Request-log lines waiting for their write, and lines dropped since start (the queue was full)",
    ["what"],
    (set) => {
      const { waiting, dropped } = requestLogBacklog();
      set({ what: "waiting" }, waiting);
      set({ what: "dropped" }, dropped);
    },
  );
  scrapeGauge("jsa_catalog_live_snapshot_id", "The catalog snapshot this process serves", [], async (set) => {
    const live = await liveSnapshot().catch(() => null);
    if (live) set({}, live.id);
  });
  scrapeGauge(
    "jsa_catalog_import_duration_seconds",
    "How long the live snapshot's import took (created to swapped in), and when it went live",
    ["what"],
    async (set) => {
      const rows = await db().$queryRaw<{ seconds: number; activated: number }[]>`
          SELECT extract(epoch FROM activated_at - created_at)::float8 AS seconds,
                 extract(epoch FROM activated_at)::float8 AS activated
          FROM catalog_snapshots WHERE status = 'live' AND activated_at IS NOT NULL
          ORDER BY activated_at DESC LIMIT 1`.catch(() => []);
      if (!rows[0]) return;
      set({ what: "duration" }, rows[0].seconds);
      set({ what: "activated_at" }, rows[0].activated);
    },
  );
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Compares digests, so neither the token's content nor its length leaks through timing. */
function authorized(req: Request, token: string): boolean {
  const given = req.headers.get("authorization") ?? "";
  const m = /^Bearer (.+)$/.exec(given);
  return m?.[1] !== undefined && timingSafeEqual(digest(m[1]), digest(token));
}

const json = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  Response.json(
    { error: { code, message } },
    { status, headers: { "Cache-Control": "no-store", ...headers } },
  );

export async function metricsResponse(req: Request): Promise<Response> {
  const token = env().METRICS_TOKEN;
  if (!token) return json(404, "not_found", "Metrics are off: set METRICS_TOKEN to turn them on.");
  if (!authorized(req, token)) {
    return json(401, "invalid_token", "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.", {
      "WWW-Authenticate": 'Bearer realm="metrics"',
    });
  }
  installScrapeGauges();
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
  });
}
