// The fleet's scenarios. Each returns a row: figures for the report and the assertions it failed.
import { setTimeout as sleep } from "node:timers/promises";
import { importDemo } from "../../lib/catalog/demo/import-demo";
import { header, jsonOf, type Outcome, send } from "../chaos/http";
import { runLoad } from "../chaos/load";
import { DEMO_B, type Fleet } from "./world";

export type Row = { name: string; figures: Record<string, string | number>; failures: string[] };

const count = (os: Outcome[], pred: (o: Outcome) => boolean) => os.filter(pred).length;
export const byStatus = (os: Outcome[]) => {
  const m: Record<string, number> = {};
  for (const o of os) {
    const k = o.status ? String(o.status) : (o.error ?? "none");
    m[k] = (m[k] ?? 0) + 1;
  }
  return JSON.stringify(m);
};
const spread = (os: Outcome[]) => {
  const m: Record<string, number> = {};
  for (const o of os) {
    const by = header(o, "x-served-by");
    if (by) m[by] = (m[by] ?? 0) + 1;
  }
  return m;
};

function expectEq(failures: string[], what: string, got: unknown, want: unknown): void {
  if (got !== want) failures.push(`${what}: got ${got}, want ${want}`);
}

/** Usage an instance has counted and not yet written; 0 for one that is gone (swept instead). */
async function unwritten(f: Fleet, base: string): Promise<number> {
  const text = await scrape(f, base).catch(() => "");
  const epochs = /jsa_usage_unwritten\{what="epochs"\} (\d+)/.exec(text);
  const requests = /jsa_usage_unwritten\{what="requests"\} (-?\d+)/.exec(text);
  return Number(epochs?.[1] ?? 0) + Math.abs(Number(requests?.[1] ?? 0));
}

/**
 * key_usage once every live instance has written what it counted (its metrics say so) and two
 * reads agree: a flush stuck behind a failing Redis can take seconds, and reading before it
 * lands would report a charge that is still on its way.
 */
export async function settledCharge(f: Fleet, keyId: string): Promise<number> {
  let last = -1;
  for (let i = 0; i < 60; i++) {
    await sleep(300);
    const waiting = await Promise.all(f.apps.map((a) => unwritten(f, a.url)));
    if (waiting.some((n) => n > 0)) continue;
    const n = await f.charged(keyId);
    if (n === last) return n;
    last = n;
  }
  return last;
}

/** 300 parallel requests on a fresh free key (50 a day) through the balancer. */
export async function exactFifty(f: Fleet): Promise<Row> {
  const failures: string[] = [];
  const key = await f.createKey("free", "fifty");
  const load = await runLoad({
    base: f.lb.url,
    path: (i) => `/v1/salary?country=${["DE", "FR", "US"][i % 3]}`,
    count: 300,
    concurrency: 300,
    maxMs: 60_000,
    headers: f.headers(key),
  });
  const ok = count(load.outcomes, (o) => o.status === 200);
  const denied = count(load.outcomes, (o) => o.status === 429);
  // Where Redis could not say in time what it decided, the answer is a 503, uncharged.
  const unavailable = count(load.outcomes, (o) => o.status === 503);
  const charged = await settledCharge(f, key.id);
  const served = spread(load.outcomes);
  expectEq(failures, "admitted (200)", ok, 50);
  expectEq(failures, "refused (429) or undecided (503)", denied + unavailable, 250);
  expectEq(failures, "key_usage", charged, 50);
  if (Object.keys(served).length !== f.apps.length)
    failures.push(`spread over ${Object.keys(served).length} instances, want ${f.apps.length}`);
  return {
    name: "300 parallel on a free key",
    figures: {
      admitted: ok,
      refused: denied,
      charged,
      redis: String(await f.redisDayCount(key)),
      spread: JSON.stringify(served),
      statuses: byStatus(load.outcomes),
    },
    failures,
  };
}

type Page = { total: number; ids: string; n: number };
const pageOf = (o: Outcome): Page | null => {
  const body = jsonOf(o);
  if (o.status !== 200 || !body) return null;
  const items = (body.items ?? []) as { id: string }[];
  const meta = (body.meta ?? {}) as { total?: number };
  return { total: meta.total ?? -1, ids: items.map((j) => j.id).join(","), n: items.length };
};
const samePage = (a: Page | null | undefined, b: Page | null | undefined) =>
  !!a && !!b && a.total === b.total && a.ids === b.ids;

/**
 * A new snapshot imported on the primary while every instance is polled directly over PAGES
 * listing pages (each page of each snapshot is a cache miss once per instance, so rows are read
 * from the replica whenever it holds the snapshot): each answer is that page of the old snapshot
 * or of the new one, never a mix (a total of one with rows of the other, or a short page), and
 * every instance serves the new one within the bound and never goes back.
 */
export const SWAP_BOUND_MS = 3_000;
const PAGES = 40;
const PER_PAGE = 5;

export async function catalogSwap(f: Fleet): Promise<Row> {
  const failures: string[] = [];
  const key = await f.createKey("pro", "swap");
  const path = (page: number) => `/v1/jobs?country=DE&per_page=${PER_PAGE}&page=${page}`;
  const ask = (base: string, page: number) =>
    send(base, path(page), { headers: f.headers(key), timeoutMs: 5_000 });
  const old = new Map<number, Page | null>();
  for (let page = 1; page <= PAGES; page++) old.set(page, pageOf(await ask(f.lb.url, page)));
  const replicaReadsBefore = await catalogReads(f);
  const primaryReadsBefore = await catalogReads(f, "primary");

  const seen: { app: number; at: number; pageNo: number; page: Page | null; status: number }[] = [];
  let polling = true;
  const pollers = f.apps.map(async (a, app) => {
    for (let i = app * 7; polling; i++) {
      const pageNo = (i % PAGES) + 1;
      const o = await ask(a.url, pageNo);
      seen.push({ app, at: Date.now(), pageNo, page: pageOf(o), status: o.status });
      await sleep(10);
    }
  });
  const importStarted = Date.now();
  const b = await importDemo(f.primary.url, DEMO_B);
  const swappedAt = Date.now();
  const firstNew = new Map<number, number>();
  while (Date.now() - swappedAt < SWAP_BOUND_MS + 5_000 && firstNew.size < f.apps.length) {
    await sleep(50);
    for (const s of seen) {
      if (s.at >= swappedAt && s.page && !samePage(s.page, old.get(s.pageNo)) && !firstNew.has(s.app))
        firstNew.set(s.app, s.at - swappedAt);
    }
  }
  await sleep(1_500); // a few more rounds of new pages, read on the replica now that it has them
  polling = false;
  await Promise.all(pollers);
  // The new snapshot's pages, as the primary's own answers give them once the swap is done.
  const fresh = new Map<number, Page | null>();
  for (let page = 1; page <= PAGES; page++) fresh.set(page, pageOf(await ask(f.lb.url, page)));
  const wellFormed = (p: Page, pageNo: number) =>
    p.n === Math.max(0, Math.min(PER_PAGE, p.total - (pageNo - 1) * PER_PAGE));
  const mixed = seen.filter(
    (s) =>
      s.status === 200 &&
      (!s.page ||
        !wellFormed(s.page, s.pageNo) ||
        (!samePage(s.page, old.get(s.pageNo)) && !samePage(s.page, fresh.get(s.pageNo)))),
  );
  const errors = seen.filter((s) => s.status !== 200);
  const backwards = seen.filter((s) => {
    const first = firstNew.get(s.app);
    return first !== undefined && s.at > swappedAt + first && samePage(s.page, old.get(s.pageNo));
  });
  const delays = f.apps.map((_, i) => firstNew.get(i));
  const worst = Math.max(...delays.map((d) => d ?? Number.POSITIVE_INFINITY));
  if (samePage(fresh.get(1), old.get(1))) failures.push("the new snapshot's first page equals the old one");
  if (worst > SWAP_BOUND_MS)
    failures.push(`slowest instance saw the new snapshot after ${worst} ms (bound ${SWAP_BOUND_MS})`);
  expectEq(failures, "answers mixing snapshots", mixed.length, 0);
  expectEq(failures, "non-200 answers", errors.length, 0);
  expectEq(failures, "answers going back to the old snapshot", backwards.length, 0);
  const replicaReads = (await catalogReads(f)) - replicaReadsBefore;
  if (replicaReads === 0) failures.push("no catalog read went to the replica during the swap");
  return {
    name: "catalog swap visible everywhere",
    figures: {
      snapshot: b.snapshotId,
      "import ms": swappedAt - importStarted,
      "visible after ms (per instance)": delays.map((d) => d ?? "never").join(" / "),
      polled: seen.length,
      mixed: mixed.length,
      "replica reads": replicaReads,
      "primary reads": (await catalogReads(f, "primary")) - primaryReadsBefore,
    },
    failures,
  };
}

/** Sum over instances of jsa_catalog_reads_total{target=...} (from each one's GET /metrics). */
export async function catalogReads(f: Fleet, target = "replica"): Promise<number> {
  let sum = 0;
  for (const app of f.apps) {
    if (!app.pid) continue;
    const text = await scrape(f, app.url);
    const m = new RegExp(`jsa_catalog_reads_total\\{target="${target}"\\} (\\d+)`).exec(text);
    sum += Number(m?.[1] ?? 0);
  }
  return sum;
}

export async function scrape(f: Fleet, base: string, token = f.env.METRICS_TOKEN): Promise<string> {
  const res = await fetch(`${base}/metrics`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(5_000),
  });
  return res.status === 200 ? res.text() : `status ${res.status}`;
}
