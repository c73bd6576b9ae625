// Every admitted request that was not refunded reaches key_usage exactly once, even when the
// process that admitted it dies before writing it (the usage journal in Redis and its sweeper).
// On the run's Postgres and Redis (its own prefix); a dying instance is a child process killed
// with SIGKILL.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { Redis, type Requester } from "@upstash/redis";
import { Redis as IORedis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { hashOf } from "@/lib/keys/store";
import { consume, refund } from "@/lib/quota/admission";
import { flushUsage, usageInstance } from "@/lib/quota/usage-buffer";
import { sweepNow } from "@/lib/quota/usage-sweeper";
import { tripRedisBreaker } from "@/lib/redis/breaker";
import { closeRedis, deleteKeys, readHashes, redis, scanKeys } from "@/lib/redis/client";
import { chargedUnits, createTestKey } from "./support/api-keys";
import { catalogAndClient } from "./support/fixtures";

const admin = catalogAndClient();
const prefix = process.env.REDIS_PREFIX!;
const io = new IORedis(process.env.REDIS_URL!);

afterAll(async () => {
  io.disconnect();
  await closeRedis();
});

async function ledger(keyId: string): Promise<number> {
  return chargedUnits(admin, keyId);
}

/** The journals of one instance (all of its epochs), by SCAN under this run's prefix. */
async function journalsOf(instance: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of io.scanStream({ match: `${prefix}{*}:j:${instance}:*`, count: 500 })) {
    keys.push(...(batch as string[]));
  }
  return keys;
}

const sweep = async () => {
  const r = await sweepNow({ ageMs: 0, wait: true });
  if ("skipped" in r) throw new Error(`sweep skipped: ${r.skipped}`);
  return r;
};

/** An instance in a child process: admits n, refunds some, reports, and waits to be killed. */
async function instanceThatDies(key: string, n: number, refunds: number) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/support/journal-worker.ts", key, String(n), String(refunds)],
    {
      env: { ...process.env, USAGE_FLUSH_MS: "60000", USAGE_SWEEP_AGE_MS: "200000", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d));
  const exited = once(child, "exit");
  for (let i = 0; i < 300 && !out.includes("\n"); i++) await new Promise((r) => setTimeout(r, 100));
  child.kill("SIGKILL");
  await exited;
  return JSON.parse(out.trim()) as { admitted: number; refunded: number; instance: string };
}

describe("the usage journal", () => {
  it("a SIGKILLed instance's admissions are written by the sweeper, once, refunds netted out", async () => {
    const { key, id } = await createTestKey({ tier: "builder" });
    await flushUsage(); // this process's own epochs are landed, so the sweep below finds only the child's
    const dead = await instanceThatDies(key, 30, 4);
    expect(dead).toMatchObject({ admitted: 30, refunded: 4 });
    expect(await ledger(id)).toBe(0); // never flushed
    expect((await journalsOf(dead.instance)).length).toBeGreaterThan(0);

    const first = await sweep();
    expect(first.written).toBeGreaterThanOrEqual(1);
    expect(await ledger(id)).toBe(26);
    expect(await journalsOf(dead.instance)).toEqual([]);
    await sweep();
    expect(await ledger(id)).toBe(26);
    // Its quota agrees: 26 used, whichever process asks next.
    const next = await consume(hashOf(key), new Date());
    expect(next.ok && next.quota.daily.used).toBe(27);
    await flushUsage();
    expect(await ledger(id)).toBe(27);
  }, 60_000);

  it("a sweep and its owner's late flush of the same epoch count it once", async () => {
    const { key, id } = await createTestKey({ tier: "builder" });
    const hash = hashOf(key);
    await flushUsage();
    const admitted = [];
    for (let i = 0; i < 5; i++) admitted.push(await consume(hash, new Date()));
    const first = admitted[0];
    if (!first?.ok) throw new Error("not admitted");
    await refund(first.charge);
    // The sweeper gets to this process's epoch before its own flush does (it looked dead).
    expect((await journalsOf(usageInstance())).length).toBe(1);
    expect((await sweep()).requests).toBeGreaterThanOrEqual(4);
    expect(await ledger(id)).toBe(4);
    await flushUsage(); // the owner's batch of the same epoch: already there, adds nothing
    expect(await ledger(id)).toBe(4);
    // Later epochs count as usual.
    for (let i = 0; i < 3; i++) expect((await consume(hash, new Date())).ok).toBe(true);
    await flushUsage();
    expect(await ledger(id)).toBe(7);
    expect(await journalsOf(usageInstance())).toEqual([]);
  });

  it.each([
    ["lacks an admission (a Redis master lost before replicating it)", -1, 5],
    ["holds one that was charged on Postgres (its reply lost)", +1, 5],
  ])(
    "a live owner's journal that %s, swept first, is charged what the owner answered",
    async (_, skew, answered) => {
      const { key, id } = await createTestKey({ tier: "builder" });
      const hash = hashOf(key);
      await flushUsage();
      for (let i = 0; i < answered; i++) expect((await consume(hash, new Date())).ok).toBe(true);
      const [journal] = await journalsOf(usageInstance());
      if (!journal) throw new Error("no journal");
      const [field] = Object.keys(await io.hgetall(journal));
      await io.hincrby(journal, field!, skew);
      // The sweeper takes this live process for a dead one and writes the journal as it is.
      expect((await sweep()).requests).toBe(answered + skew);
      expect(await ledger(id)).toBe(answered + skew);
      // The owner's flush lands the same batch id: its own count replaces the journal's.
      await flushUsage();
      expect(await ledger(id)).toBe(answered);
      // Settled once: another flush or sweep changes nothing.
      await flushUsage();
      await sweep();
      expect(await ledger(id)).toBe(answered);
    },
  );

  it("a flush interrupted after its Postgres write, before deleting its journals, counts once", async () => {
    const { key, id } = await createTestKey({ tier: "builder" });
    const hash = hashOf(key);
    await flushUsage();
    for (let i = 0; i < 6; i++) expect((await consume(hash, new Date())).ok).toBe(true);
    // Redis looks away as the flush runs: the batch is written, its journals are not deleted.
    tripRedisBreaker(new Error("test: Redis looked down"));
    await flushUsage();
    expect(await ledger(id)).toBe(6);
    expect((await journalsOf(usageInstance())).length).toBe(1);
    await new Promise((r) => setTimeout(r, 2_100)); // the breaker closes again
    const swept = await sweep();
    expect(swept.written).toBe(0); // its batch had landed
    expect(await ledger(id)).toBe(6);
    expect(await journalsOf(usageInstance())).toEqual([]);
  });

  it("two instances killed with refunds: each counted once, by one sweep", async () => {
    const a = await createTestKey({ tier: "builder" });
    const b = await createTestKey({ tier: "builder" });
    await flushUsage();
    const [da, db] = await Promise.all([instanceThatDies(a.key, 12, 12), instanceThatDies(b.key, 9, 2)]);
    expect([da.admitted, db.admitted]).toEqual([12, 9]);
    await sweep();
    expect([await ledger(a.id), await ledger(b.id)]).toEqual([0, 7]);
  }, 60_000);
});

describe("scanning and reading journals", () => {
  // The same calls through @upstash/redis alone (no ioredis behind it for SCAN): how they run
  // on Upstash, here with a requester that forwards to the run's Redis.
  const requester: Requester = {
    request: async ({ path, body }) => {
      const run = async (cmd: (string | number)[]) => {
        try {
          const result = await io.call(String(cmd[0]), ...cmd.slice(1));
          // REST answers HGETALL with a flat array (ioredis has made it an object).
          if (String(cmd[0]).toLowerCase() === "hgetall")
            return { result: Object.entries(result as object).flat() };
          return { result };
        } catch (err) {
          return { error: (err as Error).message };
        }
      };
      if (path?.[0] === "pipeline")
        return (await Promise.all((body as (string | number)[][]).map(run))) as never;
      return (await run(body as (string | number)[])) as never;
    },
  };
  const rest = new Redis(requester);

  it("find every journal under the prefix, on TCP and through Upstash's client", async () => {
    const names = Array.from(
      { length: 1200 },
      (_, i) => `${prefix}{scan${i % 7}}:j:abcdef0123456789:${1000 + i}`,
    );
    for (let i = 0; i < names.length; i += 200) {
      const p = io.pipeline();
      for (const k of names.slice(i, i + 200)) p.hset(k, "key_x|2026-11-21", 2);
      await p.exec();
    }
    const match = `${prefix}{scan*}:j:*`;
    const client = redis();
    if (!client) throw new Error("no Redis");
    expect((await scanKeys(client, match)).sort()).toEqual([...names].sort());
    expect((await scanKeys(rest, match)).sort()).toEqual([...names].sort());
    const [first] = await readHashes(rest, [names[0]!]);
    expect(Number(first?.["key_x|2026-11-21"])).toBe(2);
    await deleteKeys(rest, names.slice(0, 600));
    await deleteKeys(client, names.slice(600));
    expect(await scanKeys(client, match)).toEqual([]);
  });
});
