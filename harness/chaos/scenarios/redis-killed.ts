// Redis dies (SIGKILL) under load on a free key: quotas must fall back to Postgres without
// admitting a single request beyond the daily limit, and every admitted request is charged.
// Units Redis had leased and not used die with it (at most one lease's worth per waiting request).
import { measure, type Scenario } from "../scenario";
import { checkLimitWithLoss, loadWithFault } from "./fault-under-load";

export const REDIS_KILLED = { dailyLimit: 50, requests: 150, concurrency: 10, killAfter: 40, maxMs: 60_000 };

export const redisKilled: Scenario = {
  name: "redis-killed",
  run: (w) =>
    measure(w, "redis-killed", async (r) => {
      const c = REDIS_KILLED;
      const key = await loadWithFault(r, {
        tier: "free",
        label: "redis-killed",
        path: "/v1/jobs?title=engineer",
        requests: c.requests,
        concurrency: c.concurrency,
        maxMs: c.maxMs,
        after: c.killAfter,
        fault: (n) => {
          r.note(`redis SIGKILL after answer #${n}`);
          return w.redis.kill(); // new requests wait until it is dead
        },
      });
      await r.settle();
      await w.redis.start(); // same port, empty: the server must notice on its own
      await checkLimitWithLoss(r, c.dailyLimit, key.id, c.concurrency);
    }),
};
