// Readiness for a load balancer: can this process reach what it needs right now? Liveness
// (/api/health) only says the process answers; readiness says whether it should get traffic.
import { setTimeout as sleep } from "node:timers/promises";
import { Prisma } from "../generated/prisma/client";
import { redis } from "../redis/client";
import { hotQuery } from "./db";

export type Readiness = {
  ready: boolean;
  checks: { postgres: "ok" | "down"; redis: "ok" | "down" | "absent" };
};

const PG_TIMEOUT_MS = 1_000;
const REDIS_TIMEOUT_MS = 500;

async function within(ms: number, work: () => Promise<unknown>): Promise<boolean> {
  return Promise.race([
    work().then(
      () => true,
      () => false,
    ),
    sleep(ms).then(() => false),
  ]);
}

export async function readiness(): Promise<Readiness> {
  const client = redis();
  const [postgres, redisUp] = await Promise.all([
    within(PG_TIMEOUT_MS, () => hotQuery(Prisma.sql`SELECT 1`)),
    client ? within(REDIS_TIMEOUT_MS, () => client.ping()) : Promise.resolve(null),
  ]);
  const checks: Readiness["checks"] = {
    postgres: postgres ? "ok" : "down",
    redis: redisUp === null ? "absent" : redisUp ? "ok" : "down",
  };
  // Quotas fall back to Postgres when Redis is away, so only Postgres decides readiness.
  return { ready: postgres, checks };
}
