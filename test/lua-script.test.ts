// The request path's Lua scripts on the TCP backend: straight through ioredis with EVALSHA, and
// EVAL when Redis has lost its script cache (a restart, SCRIPT FLUSH). On a private redis-server.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeRedis, luaScript, redis } from "@/lib/redis/client";
import { PrivateRedis } from "../harness/support/redis-server";

const server = new PrivateRedis();
let probe: Redis;

beforeAll(async () => {
  await server.start();
  await closeRedis();
  process.env.REDIS_URL = server.url; // read on first use, which comes after this
  probe = new Redis(server.url);
});
afterAll(async () => {
  probe.disconnect();
  await closeRedis();
  await server.stop();
});

const calls = async (command: string) => {
  const info = await probe.info("commandstats");
  return Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(info)?.[1] ?? 0);
};

describe("luaScript on the TCP backend", () => {
  it("answers with Redis's own reply types, by EVALSHA once Redis knows the script", async () => {
    const client = redis();
    if (!client) throw new Error("no Redis client");
    const script = luaScript(client, "return {ARGV[1], tonumber(ARGV[2]) + 1, redis.call('INCR', KEYS[1])}");
    expect(await script.exec(["{t}:n"], ["ok", "41"])).toEqual(["ok", 42, 1]);
    const before = await calls("evalsha");
    expect(await script.exec(["{t}:n"], ["ok", "1"])).toEqual(["ok", 2, 2]);
    expect(await calls("evalsha")).toBe(before + 1);
  });

  it("falls back to EVAL when Redis has forgotten its scripts", async () => {
    const client = redis();
    if (!client) throw new Error("no Redis client");
    const script = luaScript(client, "return 'again'");
    expect(await script.exec([], [])).toBe("again");
    await probe.script("FLUSH");
    const evals = await calls("eval");
    expect(await script.exec([], [])).toBe("again");
    expect(await calls("eval")).toBe(evals + 1);
  });

  it("goes straight through ioredis from a second copy of the module and its own ioredis, as Next's bundle has", async () => {
    const client = redis();
    if (!client) throw new Error("no Redis client");
    // server.ts and the route handlers each load their own copy of lib/ and of ioredis, whose
    // classes differ: the copy must not ask them about the other's connection or errors.
    vi.resetModules();
    vi.doMock("ioredis", async () => {
      const real = await vi.importActual<typeof import("ioredis")>("ioredis");
      return { ...real, Redis: class extends real.Redis {}, ReplyError: class extends real.ReplyError {} };
    });
    try {
      const copy = await import("@/lib/redis/client");
      expect(copy.redis()).toBe(client);
      // @upstash/redis would JSON-parse this reply into an object; Redis's own reply is a string.
      const script = copy.luaScript(client, `return '{"a":1}'`);
      expect(await script.exec([], [])).toBe('{"a":1}');
      // A Redis that forgot its scripts answers NOSCRIPT: the copy still falls back to EVAL.
      await probe.script("FLUSH");
      const evals = await calls("eval");
      expect(await script.exec([], [])).toBe('{"a":1}');
      expect(await calls("eval")).toBe(evals + 1);
    } finally {
      vi.doUnmock("ioredis");
      vi.resetModules();
    }
  });
});
