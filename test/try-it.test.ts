// The reference's try-it on first Send: every operation an API client calls, sent exactly as
// /docs fills it in from the OpenAPI document, against the demo catalog `npm run dev` loads,
// answers 2xx, and the searches find rows. A failed first try costs a reader a unit of quota.
import { beforeAll, describe, expect, it } from "vitest";
import { importDemo } from "@/lib/catalog/demo/import-demo";
import { createTestKey } from "./support/api-keys";
import { request } from "./support/http";
import { type Doc, operations } from "./support/openapi-doc";
import { tryItRequest } from "./support/try-it";

let doc: Doc;

beforeAll(async () => {
  // What `npm run dev` seeds: 20,000 demo jobs posted up to today.
  await importDemo(process.env.DATABASE_URL!, { jobs: 20_000 });
  const res = await request("/openapi.json", { key: null });
  doc = await res.json();
}, 120_000);

// The Studio's routes need the site's session or a one-time token from an e-mail: the try-it
// cannot make them succeed, and the reference says they are not for API clients.
const tried = () => operations(doc).filter(({ op }) => !op.tags?.includes("Studio"));

describe("the try-it's first request", () => {
  it("covers the API's operations", () => {
    const ids = tried().map(({ op }) => op.operationId);
    expect(ids).toEqual(expect.arrayContaining(["searchJobs", "getJobFacets", "getJob", "getSalary"]));
  });

  it("sends no filter that excludes another, and no ETag of another catalog", () => {
    for (const { path, method, op } of tried()) {
      const sent = tryItRequest(doc, path, method);
      expect(sent.headers, op.operationId).not.toHaveProperty("If-None-Match");
      const query = new URL(sent.path, "http://x").searchParams;
      expect(query.has("posted_within_days") && query.has("posted_after"), op.operationId).toBe(false);
    }
  });

  it("answers 2xx for every operation, with rows for the searches", async () => {
    for (const { path, method, op } of tried()) {
      const sent = tryItRequest(doc, path, method);
      // A fresh key each: DELETE /api/keys/me revokes the one it is sent with.
      const key = sent.security.includes("ApiKey") ? (await createTestKey()).key : null;
      const res = await request(sent.path, {
        method: sent.method,
        headers: sent.headers,
        body: sent.body,
        key,
      });
      const what = `${op.operationId}: ${sent.method} ${sent.path}`;
      const text = await res.text();
      expect(res.status, `${what} → ${text}`).toBeGreaterThanOrEqual(200);
      expect(res.status, `${what} → ${text}`).toBeLessThan(300);
      if (op.operationId === "searchJobs") expect(JSON.parse(text).items.length, what).toBeGreaterThan(0);
      if (op.operationId === "getJobFacets") expect(JSON.parse(text).meta.total, what).toBeGreaterThan(0);
    }
  });
});
