// Postgres shuts down (pg_ctl stop -m fast) under load on a builder key whose Redis record is
// warm: answers must be 200/304/4xx or a 503 with Retry-After, and requests that failed must
// not be charged (5xx, 304 and 405 are refunded) once Postgres is back.
import { setTimeout as sleep } from "node:timers/promises";
import { header, send } from "../http";
import { measure, type Scenario } from "../scenario";

export const POSTGRES_STOPPED = {
  tier: "builder" as const,
  warmup: 5,
  requests: 200,
  concurrency: 10,
  stopAfter: 30,
  /** After Postgres is started again, before the last few requests. */
  settleMs: 3_000,
  after: 5,
  /** Before key_usage is read, so the server's retried usage flush has landed. */
  flushWaitMs: 2_000,
  /** Cached results would hide the outage: request i asks for page i+1, one job per page. */
  path: (i: number) => `/v1/jobs?title=engineer&per_page=1&page=${i + 1}`,
  maxMs: 60_000,
};

export const postgresStopped: Scenario = {
  name: "postgres-stopped",
  run: (w) =>
    measure(w, "postgres-stopped", async (r) => {
      const c = POSTGRES_STOPPED;
      r.flushWaitMs = c.flushWaitMs;
      const key = await r.key(c.tier, "postgres-stopped");
      const req = { headers: key.headers, keyId: key.id };
      for (let i = 0; i < c.warmup; i++) await r.send(c.path(i), req);
      let stopped = false;
      try {
        await r.load({
          path: (i) => c.path(c.warmup + i),
          count: c.requests,
          concurrency: c.concurrency,
          maxMs: c.maxMs,
          ...req,
          onDone: (n) => {
            if (n < c.stopAfter || stopped) return;
            stopped = true;
            r.note(`postgres stop after answer #${n}`);
            return w.pg.stop(); // new requests wait until Postgres is down
          },
        });
        await r.settle();
        // The site's pages, while the database is still down: a branded page with status 503.
        const page = await send(w.server.url, "/jobs?title=nurse&page=7");
        r.note(`GET /jobs while Postgres is down: ${page.status} ${header(page, "content-type") ?? ""}`);
        r.check(
          page.status === 503 &&
            /text\/html/.test(header(page, "content-type") ?? "") &&
            header(page, "retry-after") === "5",
          `GET /jobs while Postgres is down: ${page.status || page.error} (want a 503 page with Retry-After)`,
        );
      } finally {
        await w.pg.start();
      }
      await sleep(c.settleMs);
      const tail = [];
      for (let i = 0; i < c.after; i++) tail.push(await r.send(c.path(c.warmup + c.requests + i), req));
      r.note(`after restart: ${tail.map((o) => o.status || o.error).join(" ")}`);

      const allowed = (s: number) => s === 200 || s === 304 || (s >= 400 && s < 500) || s === 503;
      const bad = r.outcomes.filter((o) => !allowed(o.status));
      r.check(bad.length === 0, `${bad.length} answers not 200/304/4xx/503 (network errors count)`);
      const bare503 = r.outcomes.filter((o) => o.status === 503 && !header(o, "retry-after"));
      r.check(bare503.length === 0, `${bare503.length} 503s without Retry-After`);
    }),
};
