// Redis stops answering (SIGSTOP) for 3 s mid-load on a free key: requests must not wait on it
// (300 ms command timeout, then Postgres), and the daily limit must still hold exactly.
import { setTimeout as sleep } from "node:timers/promises";
import { errorCode } from "../http";
import { measure, type Scenario } from "../scenario";

export const REDIS_FROZEN = {
  tier: "free" as const,
  dailyLimit: 50,
  requests: 120,
  concurrency: 10,
  freezeAfter: 30,
  freezeMs: 3_000,
  path: "/v1/jobs?title=engineer",
  maxMs: 60_000,
};

export const redisFrozen: Scenario = {
  name: "redis-frozen",
  run: (w) =>
    measure(w, "redis-frozen", async (r) => {
      const c = REDIS_FROZEN;
      const key = await r.key(c.tier, "redis-frozen");
      let frozen = false;
      try {
        await r.load({
          path: () => c.path,
          count: c.requests,
          concurrency: c.concurrency,
          maxMs: c.maxMs,
          headers: key.headers,
          keyId: key.id,
          onDone: (n) => {
            if (n < c.freezeAfter || frozen) return;
            frozen = true;
            r.note(`redis SIGSTOP after answer #${n}`);
            w.redis.freeze();
            r.spawn("SIGCONT redis", async () => {
              await sleep(c.freezeMs);
              w.redis.thaw();
            });
          },
        });
      } finally {
        await r.settle();
        w.redis.thaw();
      }
      const ok = r.outcomes.filter((o) => o.status === 200).length;
      r.check(ok === c.dailyLimit, `${ok} admitted (200), expected exactly ${c.dailyLimit}`);
      const others = r.outcomes.filter(
        (o) =>
          o.status !== 200 && !(o.status === 429 && errorCode(o) === "quota_exceeded") && o.status !== 503,
      );
      r.check(others.length === 0, `${others.length} answers neither 200, 429 quota_exceeded nor 503`);
    }),
};
