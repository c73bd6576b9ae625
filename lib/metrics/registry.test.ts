import { describe, expect, it } from "vitest";
import { metrics, recordQuotaDecision, recordRequest, routeOf } from "./registry";

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
