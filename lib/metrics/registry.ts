// The process's Prometheus metrics (prom-client). Recording is a counter increment or a
// histogram observation, cheap enough for the request path. On globalThis: Next bundles its own
// copy of lib/ for route handlers and server.ts loads another; both must count into one set.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

type Metrics = {
  registry: Registry;
  requests: Counter<"route" | "status">;
  duration: Histogram<"route">;
  quota: Counter<"outcome" | "backend">;
  catalogReads: Counter<"target">;
};

const g = globalThis as unknown as { jsaMetrics?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "jsa_process_" });
  return {
    registry,
    requests: new Counter({
      name: "jsa_http_requests_total",
      help: "API requests answered, by route template and status",
      labelNames: ["route", "status"],
      registers: [registry],
    }),
    duration: new Histogram({
      name: "jsa_http_request_duration_seconds",
      help: "Time from the request reaching the route to its answer being built",
      labelNames: ["route"],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5.5],
      registers: [registry],
    }),
    quota: new Counter({
      name: "jsa_quota_decisions_total",
      help: "Quota decisions by outcome (admitted, denied) and the backend that made them",
      labelNames: ["outcome", "backend"],
      registers: [registry],
    }),
    catalogReads: new Counter({
      name: "jsa_catalog_reads_total",
      help: "Catalog queries by where they ran (replica, primary, or primary after a replica failed)",
      labelNames: ["target"],
      registers: [registry],
    }),
  };
}

// Made when the module loads, not on the first request: a burst's first request must not pay
// for building the registry while other requests' Redis timeouts are running.
g.jsaMetrics ??= create();

export function metrics(): Metrics {
  g.jsaMetrics ??= create();
  return g.jsaMetrics;
}

/**
 * Route templates, not raw paths: an id in a label would make a new series per job. One entry
 * per route file under app/ (lib/metrics/registry.test.ts holds the list to the files), written
 * as the route's path with `{name}` for a dynamic segment and `*` for a catch-all. Like Next's
 * router, a path is matched against every template with no dynamic segment before any that has
 * one, so /v1/jobs/facets is never taken for /v1/jobs/{id}. Anything else under /v1 or /api
 * (the catch-all 404 routes) folds into one label.
 */
export const ROUTE_TEMPLATES = [
  "/v1/jobs",
  "/v1/jobs/facets",
  "/v1/jobs/pay",
  "/v1/jobs/changes",
  "/v1/jobs/{id}",
  "/v1/jobs/{id}/duplicates",
  "/v1/salary",
  "/v1/salary/history",
  "/v1/openapi.json",
  "/v1/*",
  "/api/jobs",
  "/api/jobs/salary",
  "/api/jobs/{id}",
  "/api/ready",
  "/api/health",
  "/api/keys/revoke",
  "/api/keys/alerts",
  "/api/billing/checkout",
  "/api/billing/portal",
  "/api/billing/webhook",
  "/api/keys/me",
  "/api/keys/usage",
  "/api/keys/requests",
  "/api/keys/register",
  "/api/keys/confirm",
  "/api/keys/confirm/check",
  "/api/saved-searches",
  "/api/saved-searches/delete",
  "/api/saved-searches/enable-webhook",
  "/api/saved-searches/rotate-secret",
  "/api/saved-searches/test-event",
  "/api/saved-searches/unsubscribe",
  "/api/auth/*",
  "/api/*",
  "/openapi.json",
  "/metrics",
] as const;

/** What a catch-all route is reported as: the auth routes are real, the others are 404s. */
const CATCH_ALL_LABEL: Record<string, string> = { "/v1/*": "/v1/{unknown}", "/api/*": "/api/{unknown}" };

const literal = new Map<string, string>();
const patterns: { re: RegExp; label: string; rank: number }[] = [];
for (const template of ROUTE_TEMPLATES) {
  if (!/[{*]/.test(template)) {
    literal.set(template, template);
    continue;
  }
  const source = template
    .split("/")
    .map((part) => (part === "*" ? ".*" : /^\{\w+\}$/.test(part) ? "[^/]+" : part.replace(/\./g, "\\.")))
    .join("/");
  // Dynamic segments before catch-alls; among catch-alls, the longer prefix first.
  const rank = template.endsWith("*") ? 1_000 - template.length : 0;
  patterns.push({ re: new RegExp(`^${source}$`), label: CATCH_ALL_LABEL[template] ?? template, rank });
}
patterns.sort((a, b) => a.rank - b.rank);

export function routeOf(path: string): string {
  const known = literal.get(path);
  if (known) return known;
  for (const { re, label } of patterns) if (re.test(path)) return label;
  return "other";
}

/** Counts the request and returns its route template (for the log line). */
export function recordRequest(path: string, status: number, ms: number): string {
  const m = metrics();
  const route = routeOf(path);
  m.requests.inc({ route, status: String(status) });
  m.duration.observe({ route }, ms / 1000);
  return route;
}

export function recordQuotaDecision(admitted: boolean, backend: "redis" | "postgres"): void {
  metrics().quota.inc({ outcome: admitted ? "admitted" : "denied", backend });
}

export function recordCatalogRead(target: "replica" | "primary" | "primary_after_replica_error"): void {
  metrics().catalogReads.inc({ target });
}

/** A gauge whose value is read at scrape time (breaker state, pools, the live snapshot). */
export function scrapeGauge<L extends string>(
  name: string,
  help: string,
  labelNames: L[],
  collect: (set: (labels: Partial<Record<L, string>>, value: number) => void) => Promise<void> | void,
): void {
  const { registry } = metrics();
  if (registry.getSingleMetric(name)) return;
  new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      await collect((labels, value) => this.set(labels as never, value));
    },
  });
}
