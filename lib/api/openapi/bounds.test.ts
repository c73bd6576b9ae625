// Every bound the document states for a request is one validation enforces: the document is
// generated from the same schemas, and this holds it to that (a bound stated only in the
// document would let a caller trust a limit the API does not keep).

import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { FacetsQuerySchema } from "../../catalog/facet-schemas";
import { SalaryQuerySchema } from "../../catalog/salary-schemas";
import { JobQuerySchema, JobSearchQuerySchema } from "../../catalog/schemas";
import { TokenBodySchema } from "../../keys/schemas";
import { UsageQuerySchema } from "../../quota/usage";
import { RequestLogFilterSchema } from "../../request-log/read";
import { openApiDocument } from ".";
import type { Json } from "./json-schema";
import { withFacetBounds } from "./stated-bounds";

const QUERIES: Record<string, z.ZodObject> = {
  "/v1/jobs": JobSearchQuerySchema,
  "/v1/jobs/facets": FacetsQuerySchema,
  "/v1/jobs/{id}": JobQuerySchema,
  "/v1/salary": SalaryQuerySchema,
  "/v1/salary/history": SalaryQuerySchema,
  "/api/keys/usage": UsageQuerySchema,
  "/api/keys/requests": RequestLogFilterSchema,
};

type Param = { name: string; in: string; schema: Json };

describe("the bounds the OpenAPI document states", () => {
  const doc = openApiDocument() as { paths: Record<string, Record<string, { parameters?: Param[] }>> };

  for (const [path, schema] of Object.entries(QUERIES)) {
    it(`are enforced for every query parameter of ${path}`, () => {
      const params = (doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === "query");
      expect(params.length).toBeGreaterThan(0);
      for (const { name, schema: s } of params) {
        if (s.type === "string" && !s.enum) {
          expect(s.maxLength, `${path} ${name}: maxLength`).toBeTypeOf("number");
          const long = "a".repeat((s.maxLength as number) + 1);
          expect(
            schema.safeParse({ [name]: long }).success,
            `${path} ${name} refuses ${long.length} chars`,
          ).toBe(false);
        }
        if (s.type === "integer") {
          expect(s.format, `${path} ${name}: format`).toMatch(/^int(32|64)$/);
          const above = String((s.maximum as number) + 1);
          expect(schema.safeParse({ [name]: above }).success, `${path} ${name} refuses ${above}`).toBe(false);
          expect(
            schema.safeParse({ [name]: String(s.minimum) }).success,
            `${path} ${name} takes its minimum`,
          ).toBe(true);
        }
      }
    });
  }

  it("are enforced for the confirmation token", () => {
    expect(TokenBodySchema.safeParse({ token: "a".repeat(43) }).success).toBe(true);
    expect(TokenBodySchema.safeParse({ token: "a".repeat(44) }).success).toBe(false);
  });

  it("state an integer's format from its bounds", () => {
    const page = doc.paths["/v1/jobs"]?.get?.parameters?.find((p) => p.name === "page");
    expect(page?.schema).toMatchObject({ type: "integer", format: "int32", minimum: 1, maximum: 10_000 });
  });
});

describe("withFacetBounds", () => {
  const schema = {
    type: "object",
    properties: { meta: { type: "object", properties: { total: { type: "integer" } } } },
  };

  it("fails loudly when a property it bounds is gone, so a rename cannot drop a bound", () => {
    expect(() => withFacetBounds(schema)).toThrow(/no property/);
  });
});
