// Redis dies (SIGKILL) under load on a free key: quotas must fall back to Postgres without
// admitting a single request beyond the daily limit, and every admitted request is charged.
import { errorCode } from "../http";
import { measure, type Scenario } from "../scenario";

export const REDIS_KILLED = {
  tier: "free" as const,
  dailyLimit: 50,
  requests: 150,
  concurrency: 10,
  killAfter: 40,
  path: "/v1/jobs?title=engineer",
  maxMs: 60_000,
};

export const redisKilled: Scenario = {
  name: "redis-killed",
  run: (w) =>
    measure(w, "redis-killed", async (r) => {
      const c = REDIS_KILLED;
      const key = await r.key(c.tier, "redis-killed");
      let killed = false;
      await r.load({
        path: () => c.path,
        count: c.requests,
        concurrency: c.concurrency,
        maxMs: c.maxMs,
        headers: key.headers,
        keyId: key.id,
        onDone: (n) => {
          if (n < c.killAfter || killed) return;
          killed = true;
          r.note(`redis SIGKILL after answer #${n}`);
          return w.redis.kill(); // new requests wait until it is dead
        },
      });
      await r.settle();
      await w.redis.start(); // same port, empty: the server must notice on its own
      const answers = r.outcomes;
      const ok = answers.filter((o) => o.status === 200).length;
      r.check(ok === c.dailyLimit, `${ok} admitted (200), expected exactly ${c.dailyLimit}`);
      const others = answers.filter(
        (o) =>
          o.status !== 200 && !(o.status === 429 && errorCode(o) === "quota_exceeded") && o.status !== 503,
      );
      r.check(others.length === 0, `${others.length} answers neither 200, 429 quota_exceeded nor 503`);
    }),
};
