// The load generator: `count` requests with `concurrency` workers over keep-alive connections,
// bounded by count and by wall time, each request by its own timeout. Nothing is retried: a
// reset is recorded as a reset.
import http from "node:http";
import { type Outcome, REQUEST_TIMEOUT_MS, send } from "./http";

export type LoadOptions = {
  base: string;
  /** The path (with query) of request i, 0-based. */
  path: (i: number) => string;
  count: number;
  concurrency: number;
  /** Wall-time bound: no new request starts after it. */
  maxMs: number;
  headers?: Record<string, string>;
  keyId?: string;
  timeoutMs?: number;
  /**
   * Called after each request completes, with how many have completed: where faults are injected.
   * A promise it returns holds back new requests until it settles, so the fault is in place at a
   * known point (requests already in flight carry on).
   */
  onDone?: (completed: number, o: Outcome) => void | Promise<void>;
};

export type LoadResult = { outcomes: Outcome[]; elapsedMs: number; stoppedByTime: boolean };

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const outcomes: Outcome[] = [];
  const started = Date.now();
  let next = 0;
  let stoppedByTime = false;
  let gate: Promise<void> = Promise.resolve();
  const worker = async () => {
    for (;;) {
      await gate;
      if (Date.now() - started > opts.maxMs) {
        stoppedByTime = next < opts.count;
        return;
      }
      const i = next++;
      if (i >= opts.count) return;
      const o = await send(opts.base, opts.path(i), {
        agent,
        headers: opts.headers,
        keyId: opts.keyId,
        timeoutMs: opts.timeoutMs ?? REQUEST_TIMEOUT_MS,
      });
      outcomes.push(o);
      try {
        const held = opts.onDone?.(outcomes.length, o);
        if (held instanceof Promise) gate = held.catch((err) => console.error("load: onDone failed:", err));
      } catch (err) {
        console.error("load: onDone failed:", err);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return { outcomes, elapsedMs: Date.now() - started, stoppedByTime };
}
