// What every scenario shares: a recorder for outcomes, faults started in the background, keys
// and their charge baselines, and the closing measurements (RSS, key_usage, general checks).
import { setTimeout as sleep } from "node:timers/promises";
import { type Outcome, type SendOptions, send } from "./http";
import { type LoadOptions, type LoadResult, runLoad } from "./load";
import { generalFailures, type Row, statusSummary, tally } from "./report";
import { RssSampler } from "./rss";
import type { ApiKey, Tier, World } from "./world";

/** The server writes admitted counts every USAGE_FLUSH_MS (200 ms); this leaves several flushes. */
export const FLUSH_WAIT_MS = 1_500;

export type Scenario = {
  name: string;
  /** Restart the server before it (a scenario that must see a server with no history). */
  fresh?: boolean;
  run: (w: World) => Promise<Row>;
};

export class Recorder {
  readonly outcomes: Outcome[] = [];
  readonly failures: string[] = [];
  readonly notes: string[] = [];
  private readonly keys = new Map<string, number>();
  private readonly background: Promise<void>[] = [];
  /** Which outcomes must be in key_usage: admitted 200s, unless a scenario says otherwise. */
  chargeable: (o: Outcome) => boolean = (o) => o.status === 200;
  /** What `chargeable` counts, for the failure message. */
  chargeableName = "200s";
  /** Extra time to wait for usage flushes before reading key_usage. */
  flushWaitMs = FLUSH_WAIT_MS;
  /** A stricter peak-RSS limit than the general one. */
  maxRssMb?: number;

  constructor(readonly w: World) {}

  check(ok: boolean, failure: string): boolean {
    if (!ok) this.failures.push(failure);
    return ok;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  async key(tier: Tier, label: string): Promise<ApiKey & { headers: Record<string, string> }> {
    const k = await this.w.createKey(tier, label);
    this.keys.set(k.id, await this.w.charged(k.id));
    return { ...k, headers: { "X-API-Key": k.key } };
  }

  /** One request, recorded. */
  async send(path: string, opts: SendOptions = {}): Promise<Outcome> {
    const o = await send(this.w.server.url, path, opts);
    this.outcomes.push(o);
    return o;
  }

  /** A load run against the server, recorded. */
  async load(opts: Omit<LoadOptions, "base">): Promise<LoadResult> {
    const r = await runLoad({ base: this.w.server.url, ...opts });
    this.outcomes.push(...r.outcomes);
    if (r.stoppedByTime) this.failures.push(`load stopped by its ${opts.maxMs} ms time bound`);
    return r;
  }

  /** A fault (or probe) running beside the load; awaited before the scenario is measured. */
  spawn(what: string, task: () => Promise<void>): void {
    this.background.push(
      task().catch((err: Error) => {
        this.failures.push(`harness: ${what} failed: ${err.message}`);
      }),
    );
  }

  async settle(): Promise<void> {
    await Promise.all(this.background);
  }

  /** key_usage delta per key against what the scenario says must be charged. */
  async charges(): Promise<number | undefined> {
    let total = 0;
    for (const [keyId, before] of this.keys) {
      let now: number;
      try {
        now = await this.w.charged(keyId);
      } catch (err) {
        this.failures.push(`key_usage unreadable: ${(err as Error).message}`);
        return undefined;
      }
      const expected = this.outcomes.filter((o) => o.keyId === keyId && this.chargeable(o)).length;
      const charged = now - before;
      total += charged;
      const inRedis = await this.w.redisDayCount(keyId).catch(() => "unreadable");
      this.note(`key ${keyId}: key_usage +${charged}, Redis day counter ${inRedis ?? "absent"}`);
      this.check(
        charged === expected,
        `key_usage charged ${charged}, but clients received ${expected} chargeable answers (${this.chargeableName})`,
      );
    }
    return total;
  }
}

/** Runs a scenario body with RSS sampling, then measures and judges it. */
export async function measure(w: World, name: string, body: (r: Recorder) => Promise<void>): Promise<Row> {
  const r = new Recorder(w);
  const rss = new RssSampler(() => w.server.pid).start();
  try {
    await body(r);
  } catch (err) {
    r.failures.push(`harness: ${(err as Error).message}`);
  } finally {
    await r.settle();
  }
  await sleep(r.flushWaitMs);
  const peak = rss.stop();
  const row = tally(name, r.outcomes);
  row.peakRssMb = peak;
  row.charged = await r.charges();
  if (r.maxRssMb !== undefined) r.check(peak < r.maxRssMb, `peak RSS ${peak} MB >= ${r.maxRssMb} MB`);
  row.failures.unshift(...generalFailures(row, r.outcomes));
  row.failures.push(...r.failures);
  row.notes.push(`statuses: ${statusSummary(r.outcomes)}`, ...r.notes);
  row.notes.push(`server RSS ${rss.firstMb ?? "?"} MB before, ${rss.lastMb ?? "?"} MB after`);
  return row;
}
