// Creates a private database for this test run, migrates it, and drops it afterwards:
// CI shares the machine's Postgres with other runs.
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { Redis } from "ioredis";
import type { TestProject } from "vitest/node";
import { startMailSink } from "../../harness/support/mail-sink";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

import { dropDatabase, ensureDatabase, migrate } from "../../lib/core/migrate";

async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 })) {
      if ((keys as string[]).length) await redis.del(...(keys as string[]));
    }
  } catch {
    // Redis may be down on purpose in some runs; the keys expire on their own.
  } finally {
    redis.disconnect();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    redisPrefix: string;
    smtpUrl: string;
    mailWebUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const base = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  base.pathname = `/jobs_test_${process.pid}_${randomBytes(3).toString("hex")}`;
  const databaseUrl = base.toString();
  await ensureDatabase(databaseUrl);
  await migrate(databaseUrl);
  project.provide("databaseUrl", databaseUrl);
  // The machine's Redis is shared with other runs: a private key prefix, deleted afterwards.
  const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const redisPrefix = `test:${process.pid}:${randomBytes(3).toString("hex")}:`;
  project.provide("redisUrl", redisUrl);
  project.provide("redisPrefix", redisPrefix);
  // A private mail sink on free ports: tests read what the app sends.
  const [smtpPort, webPort] = await Promise.all([freePort(), freePort()]);
  const sink = await startMailSink(smtpPort, webPort);
  project.provide("smtpUrl", `smtp://127.0.0.1:${smtpPort}`);
  project.provide("mailWebUrl", sink.webUrl);
  return async () => {
    await sink.stop();
    await dropDatabase(databaseUrl);
    await deleteRedisPrefix(redisUrl, redisPrefix);
  };
}
