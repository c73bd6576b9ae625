// /api/health is liveness (the process answers); /api/ready is readiness (Postgres answers
// within 1 s; Redis is reported, since quotas fall back to Postgres without it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import { PrivateRedis } from "../harness/support/redis-server";

const server = new PrivateRedis();
process.env.REDIS_URL = server.url; // read on first use, which comes after this
beforeAll(() => server.start());
afterAll(() => server.stop());

type Route = { GET: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> };
const call = (mod: Route) =>
  mod.GET(new Request("http://localhost:3000/api/ready"), { params: Promise.resolve({}) });

describe("readiness", () => {
  it("is ready with Postgres and Redis answering", async () => {
    const res = await call(ready);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", checks: { postgres: "ok", redis: "ok" } });
  });

  it("stays ready with Redis gone, and says Redis is down", async () => {
    await server.stop();
    const res = await call(ready);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ checks: { postgres: "ok", redis: "down" } });
  });

  it("liveness answers whatever the dependencies do", async () => {
    expect((await call(health)).status).toBe(200);
  });
});
