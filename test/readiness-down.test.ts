// With the database unreachable: readiness is a 503 naming Postgres, liveness is still 200,
// and the API answers 503 service_unavailable with Retry-After, never 500.
process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/nowhere";

import { describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import { request, SAME_ORIGIN } from "./support/http";

const call = (mod: {
  GET: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
}) => mod.GET(new Request("http://localhost:3000/api/ready"), { params: Promise.resolve({}) });

describe("with Postgres unreachable", () => {
  it("readiness is 503 and names Postgres; liveness is 200", async () => {
    const res = await call(ready);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toMatchObject({ status: "unavailable", checks: { postgres: "down" } });
    expect((await call(health)).status).toBe(200);
  });

  it("the site's search answers 503 service_unavailable with Retry-After", async () => {
    const res = await request("/api/jobs?title=engineer", { key: null, headers: SAME_ORIGIN });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect((await res.json()).error.code).toBe("service_unavailable");
  });
});
