// Every postgres process frozen (SIGSTOP) for 12 s while a warm pro key sends requests that miss
// every cache: each request must end within 6.5 s (a 503 with Retry-After, not a hang), the
// liveness probe must stay up, the readiness probe must name postgres, and the pool must recover.
import { setTimeout as sleep } from "node:timers/promises";
import { header, jsonOf, type Outcome } from "../http";
import { measure, type Scenario } from "../scenario";

export const POSTGRES_FROZEN = {
  tier: "pro" as const,
  freezeMs: 12_000,
  requests: 40,
  concurrency: 8,
  /** Page i+1 at one job per page: a result no cache has. */
  path: (i: number) => `/v1/jobs?title=nurse&per_page=1&page=${i + 1}`,
  warmPath: "/v1/jobs?title=engineer",
  probeEveryMs: 1_000,
  probeTimeoutMs: 6_500,
  /** Pool recovery: after SIGCONT, wait, then these fresh requests must all be 200. */
  recoverMs: 2_000,
  fresh: 10,
  maxMs: 60_000,
};

const readyNames = (o: Outcome, state: string) => {
  const checks = jsonOf(o)?.checks;
  return !!checks && typeof checks === "object" && (checks as Record<string, unknown>).postgres === state;
};

export const postgresFrozen: Scenario = {
  name: "postgres-frozen",
  run: (w) =>
    measure(w, "postgres-frozen", async (r) => {
      const c = POSTGRES_FROZEN;
      const key = await r.key(c.tier, "postgres-frozen");
      const req = { headers: key.headers, keyId: key.id };
      for (let i = 0; i < 2; i++) await r.send(c.warmPath, req); // key record and counters in Redis
      const probes: { health: Outcome[]; ready: Outcome[] } = { health: [], ready: [] };
      const frozenAt = Date.now();
      let thawAt = Number.POSITIVE_INFINITY;
      w.pg.freeze();
      // The thaw is timed on its own: a request hanging on the frozen database must not prolong it.
      r.spawn("SIGCONT postgres", async () => {
        await sleep(c.freezeMs);
        thawAt = Date.now();
        w.pg.thaw();
      });
      try {
        r.spawn("health/ready probes", async () => {
          // From 1 s in until the thaw. Health must hold throughout; a readiness answer counts as
          // "while frozen" only when it came back before the thaw.
          for (let t = Date.now(); t - frozenAt + c.probeEveryMs < c.freezeMs; t = Date.now()) {
            await sleep(c.probeEveryMs);
            const [h, rd] = await Promise.all([
              r.send("/api/health", { timeoutMs: c.probeTimeoutMs }),
              r.send("/api/ready", { timeoutMs: c.probeTimeoutMs }),
            ]);
            probes.health.push(h);
            if ((rd.endedAt ?? 0) < thawAt) probes.ready.push(rd);
          }
        });
        await r.load({ path: c.path, count: c.requests, concurrency: c.concurrency, maxMs: c.maxMs, ...req });
        await r.settle();
      } finally {
        w.pg.thaw(); // already done by the timer, unless something threw
      }
      await sleep(c.recoverMs);
      const readyAfter = await r.send("/api/ready", { timeoutMs: c.probeTimeoutMs });
      const fresh: Outcome[] = [];
      for (let i = 0; i < c.fresh; i++) fresh.push(await r.send(c.path(c.requests + i), req));

      const load = r.outcomes.filter((o) => o.path.startsWith("/v1/jobs?title=nurse") && !fresh.includes(o));
      r.note(
        `load during the ${c.freezeMs} ms freeze (status/ms): ${load.map((o) => `${o.status || o.error}/${o.ms}`).join(" ")}`,
      );
      const bare503 = load.filter((o) => o.status === 503 && !header(o, "retry-after"));
      r.check(bare503.length === 0, `${bare503.length} 503s without Retry-After`);
      const notOk = fresh.filter((o) => o.status !== 200);
      r.check(
        notOk.length === 0,
        `after thaw: ${notOk.length}/${c.fresh} fresh requests not 200 (${notOk.map((o) => o.status || o.error).join(" ")})`,
      );
      const healthBad = probes.health.filter((o) => o.status !== 200);
      r.check(
        healthBad.length === 0,
        `/api/health not 200 in ${healthBad.length}/${probes.health.length} probes while frozen`,
      );
      const readyBad = probes.ready.filter((o) => o.status !== 503 || !readyNames(o, "down"));
      r.check(
        probes.ready.length > 0 && readyBad.length === 0,
        `/api/ready while frozen: ${readyBad.map((o) => o.status || o.error).join(" ")} (want 503 with checks.postgres "down")`,
      );
      r.check(
        readyAfter.status === 200 && readyNames(readyAfter, "ok"),
        `/api/ready after thaw: ${readyAfter.status || readyAfter.error} (want 200 with checks.postgres "ok")`,
      );
    }),
};
