// A quota script whose reply is late (past the client's 300 ms timeout) may still run and
// journal its admission. The request asks again with the same id until Redis answers: it is
// admitted once, on Redis, and charged once, neither twice through the owner's flush nor again
// through the sweeper. On a private redis-server, paused (CLIENT PAUSE) past the timeout.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashOf } from "@/lib/keys/store";
import { consume } from "@/lib/quota/admission";
import { flushUsage, usageInstance } from "@/lib/quota/usage-buffer";
import { sweepNow } from "@/lib/quota/usage-sweeper";
import { closeRedis } from "@/lib/redis/client";
import { PrivateRedis } from "../harness/support/redis-server";
import { chargedUnits, createTestKey } from "./support/api-keys";
import { catalogAndClient } from "./support/fixtures";

const server = new PrivateRedis();
const admin = catalogAndClient();
let probe: Redis;

beforeAll(async () => {
  await server.start();
  await closeRedis();
  process.env.REDIS_URL = server.url; // read on first use, which comes after this
  probe = new Redis(server.url);
  probe.on("error", () => {}); // refused once the server is stopped
});
afterAll(async () => {
  probe.disconnect();
  await closeRedis();
  await server.stop();
});

const ledger = (keyId: string) => chargedUnits(admin, keyId);

async function journals(): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  const keys = await probe.keys(`*:j:${usageInstance()}:*`);
  for (const k of keys) out[k] = await probe.hgetall(k);
  return out;
}

describe("an admission whose Redis reply was lost", () => {
  it("is resolved on Redis by its request id: admitted once, charged once", async () => {
    const { key, id } = await createTestKey({ tier: "free" });
    const hash = hashOf(key);
    expect((await consume(hash, new Date())).ok).toBe(true);
    await flushUsage();
    expect(await ledger(id)).toBe(1);

    // Redis holds its clients' commands past the client's timeout: the first send and every
    // re-send run when it resumes; the first admits, the others find the id admitted.
    await probe.call("CLIENT", "PAUSE", "600", "ALL");
    const late = await consume(hash, new Date());
    expect(late.ok && late.charge.backend).toBe("redis");
    const written = Object.values(await journals()).flatMap((h) => Object.values(h));
    expect(written).toEqual(["1"]); // journaled once, by the send that admitted

    await flushUsage();
    expect(await ledger(id)).toBe(2);
    await new Promise((r) => setTimeout(r, 2_100)); // the breaker closes again
    const swept = await sweepNow({ ageMs: 0, wait: true });
    expect(swept).toMatchObject({ written: 0 }); // its epoch's batch had landed (empty)
    expect(await journals()).toEqual({});
    expect(await ledger(id)).toBe(2);
  });
});
