import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { metrics, ROUTE_TEMPLATES, recordQuotaDecision, recordRequest, routeOf } from "./registry";

/** Each route file's template: [id] is {id}, [...x] and [[...x]] are *. */
function appRoutes(dir = "app", prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isFile()) return e.name === "route.ts" ? [prefix || "/"] : [];
    if (!e.isDirectory()) return [];
    const segment = /^\[{1,2}\.\.\./.test(e.name) ? "*" : e.name.replace(/^\[(\w+)\]$/, "{$1}");
    return appRoutes(path.join(dir, e.name), `${prefix}/${segment}`);
  });
}

describe("route labels", () => {
  it("folds ids into templates, so a label never holds a job id", () => {
    expect(routeOf("/v1/jobs/abc-123")).toBe("/v1/jobs/{id}");
    expect(routeOf("/api/jobs/abc")).toBe("/api/jobs/{id}");
    expect(routeOf("/api/jobs/salary")).toBe("/api/jobs/salary");
    expect(routeOf("/v1/jobs")).toBe("/v1/jobs");
    expect(routeOf("/v1/nope/deeper")).toBe("/v1/{unknown}");
    expect(routeOf("/api/auth/callback/github")).toBe("/api/auth/*");
    expect(routeOf("/whatever")).toBe("other");
  });

  it("has one template per route file, and gives each route its own", () => {
    expect([...ROUTE_TEMPLATES].sort()).toEqual(appRoutes().sort());
    for (const template of ROUTE_TEMPLATES) {
      const sample = template.replace(/\{\w+\}/g, "x-1").replace("*", "some/thing");
      const expected =
        template === "/v1/*" ? "/v1/{unknown}" : template === "/api/*" ? "/api/{unknown}" : template;
      expect(routeOf(sample), sample).toBe(expected);
    }
  });

  it("never takes a fixed segment for an id", () => {
    expect(routeOf("/v1/jobs/facets")).toBe("/v1/jobs/facets");
    expect(routeOf("/v1/jobs/facets/x")).toBe("/v1/{unknown}");
    expect(routeOf("/api/jobs/salary")).toBe("/api/jobs/salary");
    expect(routeOf("/api/keys/confirm/check")).toBe("/api/keys/confirm/check");
  });
});

describe("recording", () => {
  it("counts requests by route and status, and quota decisions by outcome and backend", async () => {
    expect(recordRequest("/v1/jobs/x1", 200, 12)).toBe("/v1/jobs/{id}");
    recordRequest("/v1/jobs/x2", 200, 3);
    recordQuotaDecision(false, "postgres");
    const text = await metrics().registry.metrics();
    expect(text).toContain('jsa_http_requests_total{route="/v1/jobs/{id}",status="200"} 2');
    expect(text).toContain('jsa_http_request_duration_seconds_count{route="/v1/jobs/{id}"} 2');
    expect(text).toContain('jsa_quota_decisions_total{outcome="denied",backend="postgres"} 1');
  });
});
