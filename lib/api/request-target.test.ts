import { describe, expect, it } from "vitest";
import { originForm, SERVER_METHODS } from "./request-target";

const answer = (r: ReturnType<typeof originForm>) => {
  if (typeof r === "string") throw new Error(`expected an answer, got the path ${r}`);
  return r;
};

describe("originForm", () => {
  it("hands a path on unchanged", () => {
    expect(originForm("GET", "/v1/jobs?title=x", "api.example.com")).toBe("/v1/jobs?title=x");
  });

  it("serves an absolute-form target naming this host as its path", () => {
    expect(originForm("GET", "http://api.example.com/v1/jobs?page=2", "api.example.com")).toBe(
      "/v1/jobs?page=2",
    );
    expect(originForm("GET", "HTTPS://API.example.com:8443/jobs", "api.example.com:8443")).toBe("/jobs");
    expect(originForm("GET", "http://api.example.com", "api.example.com")).toBe("/");
    expect(originForm("GET", "http://api.example.com?x=1", "api.example.com")).toBe("/?x=1");
  });

  it.each([
    ["http://evil.example/jobs", "api.example.com"],
    ["http://evil.example/jobs", undefined],
    ["http://user@api.example.com/jobs", "api.example.com"],
    ["ftp://api.example.com/jobs", "api.example.com"],
    ["api.example.com:443", "api.example.com"],
    ["jobs", "api.example.com"],
  ])("refuses %s (Host %s) with a JSON 400", (target, host) => {
    const a = answer(originForm("GET", target, host));
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body).error.code).toBe("bad_request");
    expect(a.headers.Location).toBeUndefined();
  });

  it("answers OPTIONS * with 204, Allow and the security headers", () => {
    const a = answer(originForm("OPTIONS", "*", "api.example.com"));
    expect(a.status).toBe(204);
    expect(a.body).toBe("");
    expect(a.headers.Allow).toBe(SERVER_METHODS);
    expect(a.headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(a.headers["Content-Security-Policy"]).toMatch(/default-src 'none'/);
  });

  it("answers * with any other method as a JSON 400", () => {
    const a = answer(originForm("GET", "*", "api.example.com"));
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body).error.code).toBe("bad_request");
    expect(a.headers["X-Frame-Options"]).toBe("DENY");
  });
});
