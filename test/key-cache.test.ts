// The cached key record in Redis never goes back to an older state.
import { afterAll, describe, expect, it } from "vitest";
import { toRecord } from "@/lib/keys/cached-state";
import { revokeKey } from "@/lib/keys/lifecycle";
import { hashOf, loadKeyByHash } from "@/lib/keys/store";
import { HeldEpochs } from "@/lib/quota/held-epochs";
import { RedisQuota } from "@/lib/quota/redis-engine";
import { closeRedis, redis } from "@/lib/redis/client";
import { createTestKey } from "./support/api-keys";
import { request } from "./support/http";

afterAll(() => closeRedis());

describe("cached key records", () => {
  it("a loader that read 'active' before a revocation cannot put it back afterwards", async () => {
    const { key, id } = await createTestKey();
    const hash = hashOf(key);
    const stale = await loadKeyByHash(hash); // a slow loader's read, before the revoke
    expect((await request("/v1/jobs/de-1", { key })).status).not.toBe(401);
    await revokeKey(id, new Date());
    const rq = new RedisQuota(redis()!, process.env.REDIS_PREFIX!);
    await rq.putRecord(hash, toRecord(stale!)); // ...written after it
    expect((await request("/v1/jobs/de-1", { key })).status).toBe(401);
    const held = new HeldEpochs();
    const verdict = await rq.admit(hash, new Date(), `${Date.now()}-probe`, Date.now() + 1_000, held);
    held.release();
    expect(verdict).toEqual({ kind: "revoked" });
  });
});
