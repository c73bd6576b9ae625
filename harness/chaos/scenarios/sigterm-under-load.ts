// SIGTERM to a fresh server under keep-alive load on a pro key: it must exit in time, no client
// may hang, and the ledger must match what clients saw: every 200 received is charged, and a
// request whose connection was reset (no answer) is not.
import { setTimeout as sleep } from "node:timers/promises";
import { measure, type Scenario } from "../scenario";

export const SIGTERM_UNDER_LOAD = {
  tier: "pro" as const,
  requests: 2_000,
  concurrency: 16,
  sigtermAfterMs: 1_000,
  maxExitMs: 12_000,
  path: (i: number) => `/v1/jobs?title=engineer&page=${(i % 5) + 1}`,
  maxMs: 90_000,
};

export const sigtermUnderLoad: Scenario = {
  name: "sigterm-under-load",
  fresh: true,
  run: (w) =>
    measure(w, "sigterm-under-load", async (r) => {
      const c = SIGTERM_UNDER_LOAD;
      const key = await r.key(c.tier, "sigterm");
      let exitMs: number | undefined;
      let termAt = Number.POSITIVE_INFINITY;
      r.spawn("SIGTERM", async () => {
        await sleep(c.sigtermAfterMs);
        termAt = Date.now();
        w.server.sigterm();
        // Waited for a little longer than allowed, to say by how much it was late.
        if (await w.server.waitExit(c.maxExitMs + 8_000)) exitMs = Date.now() - termAt;
      });
      const result = await r.load({
        path: c.path,
        count: c.requests,
        concurrency: c.concurrency,
        maxMs: c.maxMs,
        headers: key.headers,
        keyId: key.id,
      });
      await r.settle();
      const after = r.outcomes.filter((o) => (o.endedAt ?? 0) > termAt);
      r.note(
        `after SIGTERM: ${after.filter((o) => o.status === 200).length} answered 200, ${after.filter((o) => o.status === 0).length} network errors`,
      );
      r.note(
        `exit ${exitMs ?? "not within 20 s"} ms after SIGTERM (status ${w.server.exitStatus}); load ${result.elapsedMs} ms`,
      );
      r.check(
        exitMs !== undefined && exitMs <= c.maxExitMs,
        `server exit ${exitMs ?? "> 20000"} ms after SIGTERM (max ${c.maxExitMs})`,
      );
      if (w.server.pid) await w.server.stop(); // it did not exit by itself: the next scenario needs a new one
      const hung = r.outcomes.filter((o) => o.error === "timeout").length;
      r.check(hung === 0, `${hung} requests hung until the client timeout`);
      r.check(r.outcomes.length === c.requests, `${r.outcomes.length}/${c.requests} requests completed`);
    }),
};
