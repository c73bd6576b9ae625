// GET /v1/jobs?q= and /v1/jobs/facets?q=: keyword search over title, company and description,
// against a real Postgres loaded through the importer.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { FacetsResponseSchema } from "@/lib/catalog/facet-schemas";
import { filteredPageSql } from "@/lib/catalog/filtered-search";
import { keywordPageSql } from "@/lib/catalog/keyword-search";
import {
  otherMatchesSql,
  otherMatchesWholeSql,
  relevanceRows,
  rowsInOrderSql,
  titleTiersSql,
} from "@/lib/catalog/keyword-tiers";
import { expandSynonyms } from "@/lib/catalog/keywords/expand";
import { parseQuery } from "@/lib/catalog/keywords/parse";
import { db, queryByBitmaps } from "@/lib/core/db";
import { ErrorBodySchema } from "./support/error-shape";
import { loadCatalog } from "./support/fixtures";
import { getJson } from "./support/http";
import { KEYWORD_CASES, KEYWORD_JOBS } from "./support/keyword-fixtures";
import { search } from "./support/search";

let snapshotId = 0;
beforeAll(async () => {
  snapshotId = (await loadCatalog(KEYWORD_JOBS, null, "keywords")).snapshotId;
});

const ids = async (query: string) => (await search(query)).items.map((i) => i.id);

async function refused(query: string, message: RegExp) {
  const { status, body } = await getJson(`/v1/jobs?${query}`);
  expect(status, query).toBe(400);
  const error = ErrorBodySchema.parse(body).error;
  expect(error).toMatchObject({ code: "invalid_parameter", param: "q" });
  expect(error.message).toMatch(message);
}

describe("GET /v1/jobs?q=", () => {
  it.each(KEYWORD_CASES)("q=%s finds exactly its jobs", async (q, want) => {
    const page = await search(`q=${encodeURIComponent(q)}&per_page=100`);
    expect(page.items.map((i) => i.id).sort()).toEqual([...want].sort());
    expect(page.meta.total).toBe(want.length);
    expect(page.meta.total_exact).toBe(true);
  });

  it("ranks a title hit above a description hit, newer first within each", async () => {
    // Only k-1's title holds "python"; the others hold it in their descriptions.
    expect(await ids("q=python")).toEqual(["k-1", "k-2", "k-3", "k-9", "k-12"]);
    // "data engineer" in the title: k-3 (2 days) and k-4 (3 days); then k-11 by date.
    expect(await ids(`q=${encodeURIComponent('"data engineer"')}`)).toEqual(["k-3", "k-4", "k-11"]);
  });

  it("sort=date orders keyword matches newest first; relevance is the default with q", async () => {
    expect(await ids("q=python&sort=date")).toEqual(["k-2", "k-3", "k-1", "k-9", "k-12"]);
    expect(await ids("q=python&sort=relevance")).toEqual(await ids("q=python"));
  });

  it("combines with title, country and the other filters", async () => {
    expect(await ids("q=spark&title=engineer")).toEqual(["k-3", "k-4"]);
    // No title holds "spark": every match by date.
    expect(await ids("q=spark&company=acme%20gmbh")).toEqual(["k-4", "k-1"]);
    expect(await ids("q=spark&country=FR")).toEqual([]);
    expect(await ids("q=python&exclude_company=Acme%20GmbH%7CGLOBEX")).toEqual(["k-3", "k-9"]);
  });

  it("corrects a word no job holds to the closest catalog word, and says so", async () => {
    const page = await search("q=pyhton");
    expect(page.items.map((i) => i.id).sort()).toEqual(["k-1", "k-12", "k-2", "k-3", "k-9"]);
    expect(page.meta.query?.corrections).toEqual([{ from: "pyhton", to: "python" }]);
    expect(page.meta.query?.terms).toEqual(["python"]);
    const off = await search("q=pyhton&spellcheck=false");
    expect(off.items).toEqual([]);
    expect(off.meta.query?.corrections).toEqual([]);
  });

  it("reports synonyms, exclusions, phrases and alternatives", async () => {
    const page = await search(`q=${encodeURIComponent('k8s "data engineer" -senior kafka OR airflow')}`);
    expect(page.meta.query).toMatchObject({
      terms: ["k8s", "kafka", "airflow"],
      phrases: ["data engineer"],
      excluded: ["senior"],
      any_of: [["kafka", "airflow"]],
      expansions: [{ term: "k8s", also: ["kubernetes"] }],
      corrections: [],
    });
    expect(page.meta.query?.tsquery).toContain("kubernet");
  });

  it("highlight=true adds a snippet with the matched ranges", async () => {
    const page = await search("q=kubernetes&highlight=true&sort=date");
    const first = page.items[0];
    expect(first?.id).toBe("k-2");
    const h = first?.highlight;
    expect(h?.snippet).toContain("Kubernetes");
    expect(h?.matches.length).toBeGreaterThan(0);
    for (const m of h?.matches ?? [])
      expect([...(h?.snippet ?? "")].slice(m.start, m.end).join("")).toMatch(/^kubernetes$/i);
    expect((await search("q=kubernetes")).items[0]?.highlight).toBeUndefined();
  });

  it("refuses a q it cannot read, pointing at the position", async () => {
    await refused(`q=${encodeURIComponent('"data engineer')}`, /quote at position 1/);
    await refused(`q=${encodeURIComponent("python OR")}`, /OR at position 8/);
    await refused(`q=${encodeURIComponent("OR python")}`, /OR at position 1/);
    await refused(`q=${encodeURIComponent("-python")}`, /not only exclusions/);
    await refused(`q=${encodeURIComponent("python OR -java")}`, /excluded word cannot be one side of OR/);
    await refused("q=the", /no words to search/);
    // Stop words beside exclusions leave only exclusions.
    await refused(`q=${encodeURIComponent("the -senior")}`, /no words to search/);
    await refused(`q=${encodeURIComponent('the -"data engineer"')}`, /no words to search/);
    await refused(`q=${"x".repeat(301)}`, /at most 300/);
  });

  it("refuses sort=relevance without q or a title, and bad flags", async () => {
    const { status, body } = await getJson("/v1/jobs?sort=relevance");
    expect(status).toBe(400);
    expect(ErrorBodySchema.parse(body).error.param).toBe("sort");
    expect((await getJson("/v1/jobs?q=python&highlight=yes")).status).toBe(400);
    expect((await getJson("/v1/jobs?q=python&spellcheck=1")).status).toBe(400);
    expect((await getJson(`/v1/jobs?exclude_company=${encodeURIComponent("a||b")}`)).status).toBe(400);
  });
});

describe("a relevance page's rows", () => {
  it("are read by id and date whatever the session's time zone", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ id: string; posted_at: Date }>(
      "SELECT id, posted_at FROM jobs WHERE snapshot_id = $1 ORDER BY posted_at DESC, id LIMIT 3",
      [snapshotId],
    );
    await client.end();
    const sql = rowsInOrderSql(
      snapshotId,
      rows.map((r) => r.id),
      rows.map((r) => r.posted_at.toISOString()),
    );
    const read = await db().$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL TIME ZONE 'Pacific/Chatham'");
      return tx.$queryRaw<{ id: string }[]>(sql);
    });
    expect(read.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });
});

describe("GET /v1/jobs/facets?q=", () => {
  it("counts only the keyword matches", async () => {
    const { status, body } = await getJson("/v1/jobs/facets?q=spark");
    expect(status).toBe(200);
    const facets = FacetsResponseSchema.parse(body);
    expect(facets.meta.total).toBe(4);
    expect(facets.meta.total_exact).toBe(true);
    expect(facets.companies.find((c) => c.name === "Acme GmbH")?.count).toBe(2);
    expect(facets.meta.query?.terms).toEqual(["spark"]);
  });
});

describe("the ways a keyword page is read", () => {
  it.each(KEYWORD_CASES)(
    "q=%s: every match read whole, walked by date, or tier by tier give the same page",
    async (q) => {
      const parsed = parseQuery(q);
      if (!parsed.ok) throw new Error(parsed.message);
      const filters = { keywords: expandSynonyms(parsed.value).clauses };
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        const ids = async (sql: { text: string; values: unknown[] }) =>
          (await client.query<{ id: string }>(sql.text, sql.values)).rows.map((r) => r.id);
        for (const [limit, offset] of [
          [20, 0],
          [2, 1],
          [1, 0],
          [1, 3],
        ] as const) {
          const walked = await ids(keywordPageSql(filters, snapshotId, limit, offset, false));
          expect(await ids(keywordPageSql(filters, snapshotId, limit, offset, true))).toEqual(walked);
          // Tier by tier: walking every job by date (a large share of the catalog) or each title's entries.
          for (const totalJobs of [KEYWORD_JOBS.length, 1_000_000]) {
            const tiered = await relevanceRows(snapshotId, totalJobs, filters, offset, limit);
            expect(tiered.map((r) => r.id)).toEqual(walked);
          }
          const others = { ...filters, keywords: filters.keywords };
          const tierIds = (
            await client.query<{ ids: number[] }>(
              titleTiersSql(others, snapshotId).text,
              titleTiersSql(others, snapshotId).values,
            )
          ).rows.flatMap((r) => r.ids);
          const whole = otherMatchesWholeSql(others, snapshotId, tierIds, limit + offset);
          expect(await ids(whole)).toEqual(
            await ids(otherMatchesSql(others, snapshotId, tierIds, limit + offset)),
          );
          // As relevanceRows runs it: from bitmaps, the same rows in the same order.
          expect((await queryByBitmaps<{ id: string }>(whole)).map((r) => r.id)).toEqual(await ids(whole));
          const input = { tsquery: null, filters, sort: "date" as const, limit, offset };
          expect(await ids(filteredPageSql({ ...input, fewMatches: true }, snapshotId))).toEqual(
            await ids(filteredPageSql(input, snapshotId)),
          );
        }
      } finally {
        await client.end();
      }
    },
  );
});
