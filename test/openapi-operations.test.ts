// Every operation of the API reference described the way a reader needs: tags, a description
// that says what is charged, code samples, examples, every status with its headers, bounded
// arrays, and who runs the deployment.
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/core/env";
import { type Doc, headerOf, operations, servedDoc } from "./support/openapi-doc";

let doc: Doc;

beforeAll(async () => {
  doc = await servedDoc();
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
