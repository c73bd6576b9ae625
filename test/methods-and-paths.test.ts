// Every API answer is JSON in the one error shape, methods included; OPTIONS names only what is
// served and grants no origin; the public API reference lives outside /v1.
import { describe, expect, it } from "vitest";
import { generateKey } from "@/lib/keys/format";
import { ErrorBodySchema } from "./support/error-shape";
import { catalogAndClient } from "./support/fixtures";
import { getJson, request } from "./support/http";

catalogAndClient();

describe("methods", () => {
  it.each([
    ["POST", "/api/keys/usage", "GET, HEAD, OPTIONS"],
    ["GET", "/api/keys/me", "DELETE, OPTIONS"],
    ["GET", "/api/keys/register", "POST, OPTIONS"],
    ["PUT", "/api/jobs", "GET, HEAD, OPTIONS"],
  ])("%s %s is a JSON 405 naming what is allowed", async (method, path, allow) => {
    const res = await request(path, { method, key: null });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe("method_not_allowed");
  });

  it("OPTIONS on /v1 advertises only GET, HEAD and OPTIONS, grants no origin, and needs no key", async () => {
    const res = await request("/v1/jobs", {
      method: "OPTIONS",
      key: null,
      headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("x-ratelimit-scope")).toBe("address");
  });
});

describe("keys in paths", () => {
  it("a key pasted into the path is a 400 key_in_query, and the error does not echo it", async () => {
    const key = generateKey();
    const { status, body } = await getJson(`/v1/jobs/${key}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("key_in_query");
    expect(JSON.stringify(body)).not.toContain(key);
  });

  it("a percent-encoded key in the path is refused too", async () => {
    const key = generateKey();
    const encoded = `${key.slice(0, 4)}%${key.charCodeAt(4).toString(16).toUpperCase()}${key.slice(5)}`;
    const res = await request(`/v1/jobs/${encoded}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("key_in_query");
  });
});

describe("unknown paths", () => {
  it.each(["/api/nope", "/api/keys"])("%s is the API's JSON 404", async (path) => {
    const mod = await import("@/app/api/[[...rest]]/route");
    const res = await mod.GET(new Request(`http://localhost:3000${path}`), {
      params: Promise.resolve({ rest: path.split("/").slice(2) }),
    });
    expect(res.status).toBe(404);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe("not_found");
  });

  it("OPTIONS on an unknown /v1 path is a 404, not a 401", async () => {
    const res = await request("/v1/nowhere", { method: "OPTIONS", key: null });
    expect(res.status).toBe(404);
  });
});

describe("the API reference", () => {
  it("is public at /openapi.json and keyed under /v1", async () => {
    expect((await request("/openapi.json", { key: null })).status).toBe(200);
    const keyless = await request("/v1/openapi.json", { key: null });
    expect(keyless.status).toBe(401);
    expect((await request("/v1/openapi.json")).status).toBe(200);
  });

  it("says what is charged", async () => {
    const doc = await (await request("/openapi.json", { key: null })).json();
    expect(doc.info.description).toMatch(/304/);
    expect(doc.info.description).toMatch(/5xx/);
  });
});
