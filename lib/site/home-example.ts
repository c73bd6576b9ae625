// The home page's live example: a real /v1 request and the body the API answers it with, made
// by the same code (searchCatalog) on the live catalog. It counts against no one's limit: the
// query is fixed, so it is no way around the per-address limit.
import { searchCatalog } from "../catalog/queries";
import { db } from "../core/db";
import { fail, ok, type Result } from "../core/result";
import { isUnavailable } from "../core/unavailable";

const EXAMPLES = ["/v1/jobs?title=engineer&country=DE&per_page=1", "/v1/jobs?per_page=1"];

export type HomeExample = { path: string; body: unknown; total: number; demo: boolean };

/** Snapshots the demo generator imports are labelled "demo: …" (catalog:demo, npm run dev). */
export const isDemoLabel = (label: string | null | undefined) => /^demo\b/i.test(label ?? "");

async function liveLabel(): Promise<string | null> {
  const rows = await db().$queryRaw<{ label: string }[]>`
    SELECT s.label FROM catalog_live l JOIN catalog_snapshots s ON s.id = l.snapshot_id WHERE l.id = 1`;
  return rows[0]?.label ?? null;
}

export async function homeExample(): Promise<Result<HomeExample, "service_unavailable">> {
  try {
    let last: HomeExample | null = null;
    // The first example that finds a job; an empty catalog shows the empty answer.
    for (const path of EXAMPLES) {
      const found = await searchCatalog(new URL(path, "http://example.invalid").searchParams);
      if (!found.ok) continue;
      const { page } = found.value;
      last = { path, body: page, total: page.meta.total, demo: false };
      if (page.meta.total > 0) break;
    }
    if (last) last.demo = isDemoLabel(await liveLabel());
    return last ? ok(last) : fail("service_unavailable", "The live example is not available right now.");
  } catch (err) {
    // The home page stays up (and a 200) while the database is away; only the example waits.
    if (!isUnavailable(err)) throw err;
    return fail("service_unavailable", "The live example is unavailable for a moment; the catalog is away.");
  }
}
