// The demo catalog the tests of walks by common-word bits share, and what they ask of it.
import { expect } from "vitest";
import { demoJobs } from "@/lib/catalog/demo/generate";
import type { JobFilters } from "@/lib/catalog/filters";
import { resolveKeywords } from "@/lib/catalog/keywords/resolve";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { loadCatalog, type Rec } from "./fixtures";

/** 1,200 demo jobs, live. */
export async function loadBitsCatalog(label: string): Promise<{ snapshotId: number; jobs: number }> {
  const demo = [...demoJobs({ jobs: 1_200, seed: 23, asOf: new Date("2026-11-21T00:00:00Z") })] as Rec[];
  const result = await loadCatalog(demo, null, label);
  return { snapshotId: result.snapshotId, jobs: result.jobs };
}

/** The snapshot's common lexemes, most widely held first, and a few too rare for a bit. */
export async function catalogLexemes(snapshotId: number) {
  const rows = await db().$queryRaw<{ lexeme: string; n: number; bit: number | null }[]>(
    Prisma.sql`SELECT w.word AS lexeme, w.ndoc::int AS n, c.bit FROM ts_stat(${`SELECT search FROM jobs WHERE snapshot_id = ${snapshotId}`}) w
      LEFT JOIN common_words c ON c.snapshot_id = ${snapshotId} AND c.lexeme = w.word
      WHERE w.word ~ '^[a-z]{4,}$' ORDER BY w.ndoc DESC, w.word`,
  );
  return { common: rows.filter((r) => r.bit !== null), rare: rows.filter((r) => r.bit === null && r.n >= 2) };
}

/** The filters q resolves to, its bits checked exact. */
export async function exactFilters(snapshotId: number, q: string, extra: JobFilters = {}) {
  const k = await resolveKeywords(q, snapshotId, false);
  if (!k.ok) throw new Error(JSON.stringify(k));
  expect({ q, exact: k.value.bits?.exact }).toEqual({ q, exact: true });
  return { ...extra, keywords: k.value.clauses, wordBits: k.value.bits };
}
