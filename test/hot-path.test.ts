// What the hot-path trims must not change: usage flushes, the live pointer, prepared reads,
// the usage report's days. On the run's real Postgres.
import { describe, expect, it } from "vitest";
import { findJob } from "@/lib/catalog/jobs";
import { invalidateLiveSnapshot, liveSnapshot } from "@/lib/catalog/live";
import { searchCatalog } from "@/lib/catalog/queries";
import { hotQuery } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { keyUsage, monthDays } from "@/lib/quota/pg-engine";
import { flushUsage, recordUse } from "@/lib/quota/usage-buffer";
import { createTestKey } from "./support/api-keys";
import { catalogAndClient } from "./support/fixtures";

const admin = catalogAndClient();

const batchCount = async () =>
  Number((await admin.query("SELECT count(*) AS n FROM usage_batches")).rows[0].n);

describe("usage flushes", () => {
  it("write what was pending when they began; counts arriving meanwhile wait for the next flush", async () => {
    const { id } = await createTestKey();
    await flushUsage();
    const before = await batchCount();
    recordUse(id, "2026-11-10");
    const first = flushUsage();
    // Counted while the first batch is on its way to Postgres (the flush took its batch
    // within the microtasks that ran before this turn).
    await new Promise((r) => setImmediate(r));
    recordUse(id, "2026-11-10");
    recordUse(id, "2026-11-10");
    await first;
    expect(await batchCount()).toBe(before + 1);
    const written = await admin.query("SELECT count FROM key_usage WHERE key_id = $1", [id]);
    expect(written.rows[0]?.count).toBe(1);
    await flushUsage();
    expect(await batchCount()).toBe(before + 2);
    const all = await admin.query("SELECT count FROM key_usage WHERE key_id = $1", [id]);
    expect(all.rows[0]?.count).toBe(3);
  });
});

describe("the usage report's days", () => {
  it("include a past day's counts still waiting in the buffer (just after midnight)", async () => {
    const { id } = await createTestKey();
    const now = new Date("2026-11-15T00:00:01Z");
    recordUse(id, "2026-11-14");
    recordUse(id, "2026-11-14");
    const days = await monthDays(id, now, 7);
    expect(days).toEqual([
      { date: "2026-11-14", count: 2 },
      { date: "2026-11-15", count: 7 },
    ]);
  });

  it("come with the key's hint and tier in GET /api/keys/usage's one statement, past days exact", async () => {
    const { id } = await createTestKey({ tier: "builder" });
    const now = new Date("2026-11-03T00:00:01Z");
    recordUse(id, "2026-11-01");
    recordUse(id, "2026-11-02");
    recordUse(id, "2026-11-02");
    const usage = await keyUsage(id, now, 5);
    expect(usage).toMatchObject({ id, tier: "builder" });
    expect(usage?.hint).toMatch(/^jsk_…/);
    expect(usage?.days).toEqual([
      { date: "2026-11-01", count: 1 },
      { date: "2026-11-02", count: 2 },
      { date: "2026-11-03", count: 5 },
    ]);
    expect(await keyUsage("no-such-key", now, 0)).toBeNull();
  });
});

describe("prepared reads (hotQuery)", () => {
  it("reuse a statement for new values and keep parameters as parameters", async () => {
    const sql = (v: string) => Prisma.sql`SELECT ${v}::text AS v, length(${v}::text)::int AS n`;
    expect(await hotQuery(sql("a"))).toEqual([{ v: "a", n: 1 }]);
    // Same statement text, different value, and one that would break SQL if spliced in.
    expect(await hotQuery(sql("b'; DROP TABLE jobs; --"))).toEqual([{ v: "b'; DROP TABLE jobs; --", n: 23 }]);
  });
});

describe("the live snapshot pointer", () => {
  const pointer = async () =>
    (await admin.query("SELECT snapshot_id FROM catalog_live WHERE id = 1")).rows[0]?.snapshot_id as
      | number
      | undefined;

  it("answers concurrent callers with one read, and the same snapshot", async () => {
    invalidateLiveSnapshot();
    const answers = await Promise.all(Array.from({ length: 20 }, () => liveSnapshot()));
    expect(new Set(answers.map((a) => a?.id)).size).toBe(1);
    expect(answers.every((a) => a === answers[0])).toBe(true);
    expect(answers[0]?.id).toBe(await pointer());
  });

  it("does not keep a refresh that began before an invalidation (a swap in this process)", async () => {
    const live = await pointer();
    if (live === undefined) throw new Error("the test catalog has no live snapshot");
    const other = await admin.query(
      "INSERT INTO catalog_snapshots (label, job_count, country_counts, status) VALUES ('hot-path test', 0, '{}', 'live') RETURNING id",
    );
    const next = other.rows[0].id as number;
    try {
      invalidateLiveSnapshot();
      const stale = liveSnapshot(); // reads the old pointer...
      invalidateLiveSnapshot(); // ...while the swap's invalidation happens
      await admin.query("UPDATE catalog_live SET snapshot_id = $1 WHERE id = 1", [next]);
      await stale;
      expect((await liveSnapshot())?.id).toBe(next);
    } finally {
      await admin.query("UPDATE catalog_live SET snapshot_id = $1 WHERE id = 1", [live]);
      await admin.query("DELETE FROM catalog_snapshots WHERE id = $1", [next]);
      invalidateLiveSnapshot();
    }
  });
});

describe("cached catalog answers", () => {
  it("are frozen, so no request can change what the next is served", async () => {
    const job = await findJob("de-1");
    expect(job).not.toBeNull();
    expect(Object.isFrozen(job)).toBe(true);
    expect(await findJob("de-1")).toBe(job);
    expect(() => {
      (job as { title: string }).title = "changed";
    }).toThrow(TypeError);
  });

  it("give a repeated search the same frozen page object (its JSON and ETag are made once)", async () => {
    const params = new URLSearchParams({ title: "engineer", per_page: "2" });
    const first = await searchCatalog(params);
    const second = await searchCatalog(params);
    if (!first.ok || !second.ok) throw new Error("search failed");
    expect(second.value.page).toBe(first.value.page);
    expect(Object.isFrozen(first.value.page.meta)).toBe(true);
    expect(Object.isFrozen(first.value.page.items[0])).toBe(true);
  });
});
