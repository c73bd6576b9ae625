// The one Redis client, always spoken to through @upstash/redis: Upstash's REST endpoint in
// production, or a local TCP Redis through a custom requester (ioredis underneath).
// null when neither is configured: quotas then run on Postgres alone.
import { Redis, type Requester } from "@upstash/redis";
import { type Cluster, Redis as IORedis, ReplyError } from "ioredis";
import { env } from "../env";
import { bounded, clusterClient } from "./cluster";

const globalForRedis = globalThis as unknown as { redis?: Redis | null; ioredis?: IORedis | Cluster };

type Command = [string, ...(string | number)[]];

function singleNode(url: string): IORedis {
  // Fail fast while Redis is away: the quota layer then answers from Postgres.
  const io = new IORedis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: 300,
    connectTimeout: 1000,
    retryStrategy: (n) => Math.min(n * 100, 1000),
  });
  io.on("error", () => {}); // surfaced per command instead
  return io;
}

function tcpRequester(io: IORedis | Cluster): Requester {
  globalForRedis.ioredis = io;
  const cluster = !(io instanceof IORedis);
  const run = ([name, ...args]: Command) =>
    cluster ? bounded(io.call(name, ...args)) : io.call(name, ...args);
  const settle = async (cmd: Command) => {
    try {
      return { result: await run(cmd) };
    } catch (err) {
      if (err instanceof ReplyError) return { error: (err as Error).message };
      throw err;
    }
  };
  return {
    request: async <T>({ path, body }: { path?: string[]; body?: unknown }) => {
      if (path?.[0] === "pipeline" || path?.[0] === "multi-exec") {
        return (await Promise.all((body as Command[]).map(settle))) as unknown as { result: T };
      }
      const res = await settle(body as Command);
      return res as { result?: T; error?: string };
    },
  };
}

type Backend =
  | { kind: "upstash"; url: string; token: string }
  | { kind: "tcp"; url: string }
  | { kind: "cluster"; nodes: string }
  | { kind: "none" };

function backend(): Backend {
  const e = env();
  if (e.UPSTASH_REDIS_REST_URL && e.UPSTASH_REDIS_REST_TOKEN) {
    return { kind: "upstash", url: e.UPSTASH_REDIS_REST_URL, token: e.UPSTASH_REDIS_REST_TOKEN };
  }
  if (e.REDIS_CLUSTER_NODES) return { kind: "cluster", nodes: e.REDIS_CLUSTER_NODES };
  return e.REDIS_URL ? { kind: "tcp", url: e.REDIS_URL } : { kind: "none" };
}

function create(): Redis | null {
  const b = backend();
  switch (b.kind) {
    case "upstash":
      // No retries (a retried script could count twice) and a short timeout, so a hung endpoint
      // trips the breaker instead of hanging requests.
      return new Redis({ url: b.url, token: b.token, retry: false, signal: () => AbortSignal.timeout(500) });
    case "tcp":
      return new Redis(tcpRequester(singleNode(b.url)));
    case "cluster":
      return new Redis(tcpRequester(clusterClient(b.nodes)));
    case "none":
      return null;
  }
}

export function redis(): Redis | null {
  if (globalForRedis.redis === undefined) globalForRedis.redis = create();
  return globalForRedis.redis;
}

/** Which backend quotas use (also shown in the startup banner). */
export function redisBackend(): Backend["kind"] {
  return backend().kind;
}

/** For the startup banners of npm run dev and npm start. */
export function describeQuotaBackend(): string {
  const backend = redisBackend();
  return backend === "none"
    ? "on the database (no REDIS_URL or Upstash set; set REDIS_URL for the Redis fast path)"
    : `Redis (${backend})`;
}

export async function closeRedis(): Promise<void> {
  globalForRedis.ioredis?.disconnect();
  globalForRedis.redis = undefined;
  globalForRedis.ioredis = undefined;
}
