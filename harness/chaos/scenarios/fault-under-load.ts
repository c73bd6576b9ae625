// The shape the Redis scenarios share: one key, one path under load, one fault injected once
// after the n-th answer, and (for free keys) the daily limit checked to the request.
import { errorCode } from "../http";
import type { Recorder } from "../scenario";

export type FaultLoad = {
  tier: "free" | "builder" | "pro";
  label: string;
  path: string;
  requests: number;
  concurrency: number;
  maxMs: number;
  /** The fault, injected once, after this many answers; the load waits for what it returns. */
  after: number;
  fault: (answers: number) => unknown;
};

export async function loadWithFault(
  r: Recorder,
  c: FaultLoad,
): Promise<{ id: string; headers: Record<string, string> }> {
  const key = await r.key(c.tier, c.label);
  let injected = false;
  await r.load({
    path: () => c.path,
    count: c.requests,
    concurrency: c.concurrency,
    maxMs: c.maxMs,
    headers: key.headers,
    keyId: key.id,
    onDone: (n) => {
      if (n < c.after || injected) return;
      injected = true;
      return c.fault(n) as Promise<void> | undefined;
    },
  });
  return key;
}

/** Exactly `limit` 200s, and nothing but 200, 429 quota_exceeded or 503 besides. */
export function checkExactLimit(r: Recorder, limit: number): void {
  const ok = r.outcomes.filter((o) => o.status === 200).length;
  r.check(ok === limit, `${ok} admitted (200), expected exactly ${limit}`);
  const others = r.outcomes.filter(
    (o) => o.status !== 200 && !(o.status === 429 && errorCode(o) === "quota_exceeded") && o.status !== 503,
  );
  r.check(others.length === 0, `${others.length} answers neither 200, 429 quota_exceeded nor 503`);
}

/**
 * When Redis loses its state, units it had leased are spent: never more than `limit` 200s, and
 * every unit of the day either admitted or reserved by a lease Redis lost, at most `maxLost`.
 */
export async function checkLimitWithLoss(r: Recorder, limit: number, keyId: string, maxLost: number) {
  const ok = r.outcomes.filter((o) => o.status === 200).length;
  const reserved = await r.w.reserved(keyId);
  r.note(`${ok} admitted, ${reserved} reserved: ${reserved - ok} leased to the Redis that died, unused`);
  r.check(ok <= limit, `${ok} admitted (200), more than the limit ${limit}`);
  r.check(reserved === limit, `${reserved} units reserved, expected the whole day (${limit})`);
  r.check(limit - ok <= maxLost, `${limit - ok} units lost with Redis, more than ${maxLost}`);
  const others = r.outcomes.filter(
    (o) => o.status !== 200 && !(o.status === 429 && errorCode(o) === "quota_exceeded") && o.status !== 503,
  );
  r.check(others.length === 0, `${others.length} answers neither 200, 429 quota_exceeded nor 503`);
}
