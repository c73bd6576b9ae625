// Redis answers late, again and again: while 300 requests arrive at once on a fresh free key,
// the private redis-server is frozen (SIGSTOP) for 100–800 ms at random, past the client's
// 300 ms command timeout, then thawed for a moment, until the load ends. Each of ROUNDS rounds
// must admit exactly 50 and charge exactly 50; the rest are refused (429) or, where Redis could
// not say in time what it decided, answered 503 and not charged.
import { setTimeout as sleep } from "node:timers/promises";
import { errorCode } from "../http";
import type { Recorder } from "../scenario";
import { measure, type Scenario } from "../scenario";

export const REDIS_LATE = {
  rounds: Number(process.env.CHAOS_LATE_ROUNDS ?? 20),
  dailyLimit: 50,
  requests: 300,
  freezeMs: [100, 800] as const,
  thawMs: [20, 150] as const,
  maxMs: 60_000,
};

const between = ([lo, hi]: readonly [number, number]) => lo + Math.floor(Math.random() * (hi - lo));

async function round(r: Recorder, n: number, totals: { ok: number; denied: number; unavailable: number }) {
  const c = REDIS_LATE;
  const key = await r.key("free", `late-${n}`);
  let loading = true;
  let freezes = 0;
  r.spawn(`freezer of round ${n}`, async () => {
    await sleep(between([0, 30]));
    while (loading) {
      r.w.redis.freeze();
      freezes++;
      await sleep(between(c.freezeMs));
      r.w.redis.thaw();
      await sleep(between(c.thawMs));
    }
  });
  const before = r.outcomes.length;
  try {
    await r.load({
      path: (i) => `/v1/salary?country=${["DE", "FR", "US"][i % 3]}`,
      count: c.requests,
      concurrency: c.requests,
      maxMs: c.maxMs,
      headers: key.headers,
      keyId: key.id,
    });
  } finally {
    loading = false;
    await r.settle();
    r.w.redis.thaw();
  }
  const mine = r.outcomes.slice(before);
  const ok = mine.filter((o) => o.status === 200).length;
  const denied = mine.filter((o) => o.status === 429 && errorCode(o) === "quota_exceeded").length;
  const unavailable = mine.filter((o) => o.status === 503).length;
  totals.ok += ok;
  totals.denied += denied;
  totals.unavailable += unavailable;
  r.note(`round ${n}: ${ok} × 200, ${denied} × 429, ${unavailable} × 503 across ${freezes} freezes`);
  r.check(ok === c.dailyLimit, `round ${n}: ${ok} admitted (200), expected exactly ${c.dailyLimit}`);
  const others = mine.length - ok - denied - unavailable;
  r.check(others === 0, `round ${n}: ${others} answers neither 200, 429 quota_exceeded nor 503`);
}

export const redisLateReplies: Scenario = {
  name: "redis-late-replies",
  run: (w) =>
    measure(w, "redis-late-replies", async (r) => {
      const totals = { ok: 0, denied: 0, unavailable: 0 };
      for (let n = 1; n <= REDIS_LATE.rounds; n++) await round(r, n, totals);
      r.note(
        `${REDIS_LATE.rounds} rounds: ${totals.ok} admitted, ${totals.denied} refused, ${totals.unavailable} answered 503`,
      );
    }),
};
