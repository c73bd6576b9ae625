// Redis stops answering (SIGSTOP) for 3 s mid-load on a free key: requests must not wait on it
// (300 ms command timeout, then Postgres), and the daily limit must still hold exactly.
import { setTimeout as sleep } from "node:timers/promises";
import { measure, type Scenario } from "../scenario";
import { checkExactLimit, loadWithFault } from "./fault-under-load";

export const REDIS_FROZEN = {
  dailyLimit: 50,
  requests: 120,
  concurrency: 10,
  freezeAfter: 30,
  freezeMs: 3_000,
  maxMs: 60_000,
};

export const redisFrozen: Scenario = {
  name: "redis-frozen",
  run: (w) =>
    measure(w, "redis-frozen", async (r) => {
      const c = REDIS_FROZEN;
      try {
        await loadWithFault(r, {
          tier: "free",
          label: "redis-frozen",
          path: "/v1/jobs?title=engineer",
          requests: c.requests,
          concurrency: c.concurrency,
          maxMs: c.maxMs,
          after: c.freezeAfter,
          fault: (n) => {
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
      checkExactLimit(r, c.dailyLimit);
    }),
};
