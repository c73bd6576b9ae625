// Redis stops answering (SIGSTOP) for 3 s mid-load on a free key: requests wait at most the 2 s
// it may take Redis to say what it decided and the 1 s of settling a request whose sends went
// unanswered, then go to Postgres; the daily limit must still hold
// exactly. Units left in Redis's allowance meanwhile are not refused (a 503 says "not now"), and
// are admitted by the requests that come once Redis is back.
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
  /** Requests after Redis is back and the breaker has closed again. */
  tail: 20,
  breakerMs: 2_500,
};

export const redisFrozen: Scenario = {
  name: "redis-frozen",
  run: (w) =>
    measure(w, "redis-frozen", async (r) => {
      const c = REDIS_FROZEN;
      let keyHeaders: Record<string, string> = {};
      let keyId = "";
      try {
        const key = await loadWithFault(r, {
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
        keyId = key.id;
        keyHeaders = key.headers;
      } finally {
        await r.settle();
        w.redis.thaw();
      }
      await sleep(c.breakerMs);
      for (let i = 0; i < c.tail; i++)
        await r.send("/v1/jobs?title=engineer", { headers: keyHeaders, keyId });
      checkExactLimit(r, c.dailyLimit);
    }),
};
