// The one Redis client, always spoken to through @upstash/redis: Upstash's REST endpoint in
// production, or a local TCP Redis through a custom requester (ioredis underneath).
// null when neither is configured: quotas then run on Postgres alone.
import { createHash } from "node:crypto";
import { Redis, type Requester } from "@upstash/redis";
import { type Cluster, Redis as IORedis } from "ioredis";
import { env } from "../core/env";
import { bounded, ClusterScanRefused, clusterClient, coveringMasters, mastersOf } from "./cluster";

const globalForRedis = globalThis as unknown as {
  redis?: Redis | null;
  ioredis?: IORedis | Cluster;
  redisTcpClients?: WeakMap<Redis, Tcp>;
};

/**
 * A TCP connection and what it is, decided by the copy of this module that made it. Next's
 * bundle carries its own copy of ioredis, so `instanceof` against the other copy's classes is
 * always false there: nothing below asks ioredis's classes about a connection or an error.
 */
type Tcp = { io: IORedis | Cluster; cluster: boolean };

/** A Redis error reply (NOSCRIPT, WRONGTYPE, …), from whichever copy of ioredis made it. */
export const isReplyError = (err: unknown): err is Error => err instanceof Error && err.name === "ReplyError";

type Command = [string, ...(string | number)[]];

/**
 * The ioredis connection (or cluster) under each TCP-backed client, for the request path's
 * scripts. On globalThis like the client itself: when server.ts's copy of this module made the
 * client (the usage sweeper starts first), the route handlers' copy (Next's bundle) must still
 * find its connection, or every quota script goes the slow way through @upstash/redis.
 */
globalForRedis.redisTcpClients ??= new WeakMap();
const tcpClients = globalForRedis.redisTcpClients;

function singleNode(url: string): IORedis {
  // Fail fast while Redis is away: the quota layer then answers from Postgres.
  const io = new IORedis(url, {
    // Commands issued in the same tick (concurrent requests' quota scripts) go out in one
    // write; each script still runs atomically, so counts stay exact.
    enableAutoPipelining: true,
    // Our callers re-send what they can safely re-send (by request or lease id); a command
    // re-sent by the client after a reconnect could reach a Redis that lost what it did.
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 300,
    connectTimeout: 1000,
    retryStrategy: (n) => Math.min(n * 100, 1000),
  });
  io.on("error", () => {}); // surfaced per command instead
  return io;
}

function tcpRequester({ io, cluster }: Tcp): Requester {
  globalForRedis.ioredis = io;
  const run = ([name, ...args]: Command) =>
    cluster ? bounded(io.call(name, ...args)) : io.call(name, ...args);
  const settle = async (cmd: Command) => {
    try {
      return { result: await run(cmd) };
    } catch (err) {
      if (isReplyError(err)) return { error: err.message };
      throw err;
    }
  };
  const requester: Requester = {
    request: async <T>({ path, body }: { path?: string[]; body?: unknown }) => {
      if (path?.[0] === "pipeline" || path?.[0] === "multi-exec") {
        return (await Promise.all((body as Command[]).map(settle))) as unknown as { result: T };
      }
      const res = await settle(body as Command);
      return res as { result?: T; error?: string };
    },
  };
  return requester;
}

/** An @upstash/redis client over ioredis, remembered so luaScript can go to ioredis directly. */
function overTcp(io: IORedis | Cluster): Redis {
  // Asked once, here, with this copy's class (see Tcp).
  const tcp = { io, cluster: !(io instanceof IORedis) };
  const client = new Redis(tcpRequester(tcp));
  tcpClients.set(client, tcp);
  return client;
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
      return overTcp(singleNode(b.url));
    case "cluster":
      return overTcp(clusterClient(b.nodes));
    case "none":
      return null;
  }
}

export type LuaScript = { exec(keys: string[], args: string[]): Promise<unknown> };

/**
 * A Lua script of the request path. On the TCP path it goes straight through ioredis (EVALSHA,
 * then EVAL when this Redis does not know the script yet), skipping @upstash/redis's command
 * objects and its attempt to JSON-parse every string of every reply, work every keyed request
 * would pay for (docs/performance.md). Elsewhere (Upstash) it is Upstash's own script
 * support. Either way the reply is Redis's: strings and integers, which callers convert.
 */
export function luaScript(client: Redis, lua: string): LuaScript {
  const tcp = tcpClients.get(client);
  if (!tcp) {
    const script = client.createScript(lua);
    return { exec: (keys, args) => script.exec(keys, args) };
  }
  const sha = createHash("sha1").update(lua).digest("hex");
  const { io, cluster } = tcp;
  // A cluster command is bounded as a whole (lib/redis/cluster.ts), as on the requester.
  const limit = <T>(work: Promise<T>) => (cluster ? bounded(work) : work);
  return {
    exec: async (keys, args) => {
      try {
        return await limit(io.evalsha(sha, keys.length, ...keys, ...args));
      } catch (err) {
        if (!(isReplyError(err) && err.message.startsWith("NOSCRIPT"))) throw err;
        return limit(io.eval(lua, keys.length, ...keys, ...args));
      }
    },
  };
}

/** Every key matching `match` (SCAN; a glob pattern), from every master of a cluster. */
export async function scanKeys(client: Redis, match: string): Promise<string[]> {
  const tcp = tcpClients.get(client);
  const out: string[] = [];
  if (!tcp) {
    // Upstash: one logical database behind its REST endpoint, whose SCAN walks all of it.
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, { match, count: 1000 });
      out.push(...keys);
      cursor = String(next);
    } while (cursor !== "0");
    return out;
  }
  const { io, cluster } = tcp;
  const nodes = cluster ? coveringMasters(io as Cluster) : [io as IORedis];
  for (const node of nodes) {
    let cursor = "0";
    do {
      const [next, keys] = await node.scan(cursor, "MATCH", match, "COUNT", 1000);
      out.push(...keys);
      cursor = next;
    } while (cursor !== "0");
  }
  // A master that joined or left meanwhile may hold keys this scan did not walk.
  if (cluster && mastersOf(io as Cluster) !== mastersOf(io as Cluster, nodes)) {
    throw new ClusterScanRefused("the cluster's masters changed during the scan");
  }
  return out;
}

/** Each hash's fields (empty for a key that does not exist), 1,000 keys at a time. */
export async function readHashes(client: Redis, keys: string[]): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  // ioredis turns HGETALL's reply into an object itself, which @upstash/redis's parsing of the
  // REST reply (a flat array) does not expect: on TCP, ask ioredis.
  const tcp = tcpClients.get(client);
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    if (tcp) {
      const read = Promise.all(chunk.map((key) => tcp.io.hgetall(key)));
      out.push(...(await (tcp.cluster ? bounded(read) : read)));
    } else {
      const p = client.pipeline();
      for (const key of chunk) p.hgetall(key);
      out.push(...((await p.exec()) as (Record<string, unknown> | null)[]).map((h) => h ?? {}));
    }
  }
  return out;
}

/** Deletes keys one by one (a cluster refuses a DEL whose keys span slots), pipelined. */
export async function deleteKeys(client: Redis, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const p = client.pipeline();
    for (const key of keys.slice(i, i + 1000)) p.del(key);
    await p.exec();
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
