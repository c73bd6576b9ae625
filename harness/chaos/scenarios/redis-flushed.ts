// FLUSHALL on the (private) Redis mid-load on a builder key: counters and cached key records
// vanish; nothing may break, and key_usage must still equal the 200s exactly.
import { measure, type Scenario } from "../scenario";
import { loadWithFault } from "./fault-under-load";

export const REDIS_FLUSHED = { requests: 300, concurrency: 10, flushAfter: 150, maxMs: 60_000 };

export const redisFlushed: Scenario = {
  name: "redis-flushed",
  run: (w) =>
    measure(w, "redis-flushed", async (r) => {
      const c = REDIS_FLUSHED;
      await loadWithFault(r, {
        tier: "builder",
        label: "redis-flushed",
        path: "/v1/jobs?title=engineer",
        requests: c.requests,
        concurrency: c.concurrency,
        maxMs: c.maxMs,
        after: c.flushAfter,
        fault: (n) => {
          r.note(`FLUSHALL after answer #${n}`);
          return w.redis.flushAll(); // new requests wait until it is done
        },
      });
      // Far below the builder's 10,000 a day: anything but 200 deserves a look, not a failure.
      const non200 = r.outcomes.filter((o) => o.status !== 200).length;
      if (non200) r.note(`${non200} answers other than 200`);
    }),
};
