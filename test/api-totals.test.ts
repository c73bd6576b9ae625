// Totals of filtered searches: exact from the import's counts where they answer, counted up to
// the result window otherwise, and marked as a lower bound past it.
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_RESULT_WINDOW } from "@/lib/catalog/limits";
import { countsFinished, FINISH_DEADLINE_MS } from "@/lib/catalog/totals";
import { whileCatalogLocked } from "./support/catalog-lock";
import { job, loadCatalog, type Rec } from "./support/fixtures";
import { getJson } from "./support/http";

const MANY = MAX_RESULT_WINDOW + 200; // 10,098 of them at Big Logistics
const arrangements = ["remote", "hybrid", "on_site"] as const;

beforeAll(async () => {
  const jobs: Rec[] = Array.from({ length: MANY }, (_, i) =>
    job(`t-${i}`, i % 2 ? "Warehouse Operative" : "Delivery Driver", i % 5 ? "DE" : "AT", i % 300, {
      remote: arrangements[i % 3],
      seniority: i % 7 ? "mid" : "senior",
      company: i % 100 ? "Big Logistics GmbH" : "Small Shop KG",
      // Each its own opening: one text posted many times would be one job.
      description: `Opening ${i}.`,
    }),
  );
  await loadCatalog(jobs, null);
});

describe("totals of filtered searches", () => {
  it("are exact past the window from the import's combination counts", async () => {
    const { body } = await getJson("/v1/jobs?remote=remote,on_site&country=DACH&per_page=1");
    const expected = Array.from({ length: MANY }, (_, i) => i).filter((i) => i % 3 !== 1).length;
    expect(body.meta).toMatchObject({ total: expected, total_exact: true });
    const senior = await getJson("/v1/jobs?seniority=senior&country=AT&per_page=1");
    const seniorAt = Array.from({ length: MANY }, (_, i) => i).filter(
      (i) => i % 7 === 0 && i % 5 === 0,
    ).length;
    expect(senior.body.meta).toMatchObject({ total: seniorAt, total_exact: true });
  });

  it("are counted exactly up to the window", async () => {
    // A busy machine's first count may run out of time; the same search asked again has it.
    await getJson("/v1/jobs?company=small%20shop%20kg&per_page=1");
    await countsFinished();
    const { body } = await getJson("/v1/jobs?company=small%20shop%20kg&per_page=1");
    expect(body.meta).toMatchObject({ total: Math.ceil(MANY / 100), total_exact: true });
  });

  it("say when they are a lower bound, and paging still reaches the window", async () => {
    const url = "/v1/jobs?company=big%20logistics%20gmbh&per_page=100";
    // On a busy machine the first count may run out of its time and give the page's own bound;
    // either way the total is a lower bound, and once counted it is the window.
    const first = await getJson(url);
    expect(first.body.meta.total_exact).toBe(false);
    expect(first.body.meta.total).toBeGreaterThan(100);
    await countsFinished();
    const { body } = await getJson(url);
    expect(body.meta).toMatchObject({
      total: MAX_RESULT_WINDOW,
      total_exact: false,
      total_pages: MAX_RESULT_WINDOW / 100,
      has_more: true,
    });
    const last = await getJson(
      `/v1/jobs?company=big%20logistics%20gmbh&per_page=100&page=${MAX_RESULT_WINDOW / 100}`,
    );
    expect(last.body.items).toHaveLength(100);
  });

  it("out of counting time, give the jobs seen so far as a lower bound, and paging still works", async () => {
    const url = "/v1/jobs?company=small%20shop%20kg&remote=hybrid&per_page=5&page=2";
    const { body } = await whileCountsTimeOut(() => getJson(url));
    expect(body.items).toHaveLength(5);
    // Page 1's five, page 2's five and the one after them exist.
    expect(body.meta).toMatchObject({ total: 11, total_exact: false, has_more: true, next_page: 3 });
    // The count is finished off the request path, and the same URL then has the exact total.
    await countsFinished();
    const again = await getJson(url);
    const exact = Array.from({ length: MANY }, (_, i) => i).filter(
      (i) => i % 100 === 0 && i % 3 === 1,
    ).length;
    expect(again.body.meta).toMatchObject({
      total: exact,
      total_exact: true,
      total_pages: Math.ceil(exact / 5),
    });
  });

  it("out of counting time, are exact on a last page that has rows and none after it", async () => {
    const query = "company=small%20shop%20kg&remote=remote&seniority=mid&per_page=5";
    const exact = Array.from({ length: MANY }, (_, i) => i).filter(
      (i) => i % 100 === 0 && i % 3 === 0 && i % 7 !== 0,
    ).length;
    const last = Math.ceil(exact / 5);
    await getJson("/v1/jobs?company=small%20shop%20kg&per_page=1"); // a cold first request outlasts the lock
    const { body } = await whileCountsTimeOut(() => getJson(`/v1/jobs?${query}&page=${last}`));
    expect(body.items).toHaveLength(exact - (last - 1) * 5);
    expect(body.meta).toMatchObject({ total: exact, total_exact: true, has_more: false, next_page: null });
  });

  it("out of counting time, past the last page, are exact and point back at the last page with rows", async () => {
    const exact = Array.from({ length: MANY }, (_, i) => i).filter(
      (i) => i % 100 === 0 && i % 3 === 2 && i % 7 === 0,
    ).length;
    const meta = {
      total: exact,
      total_exact: true,
      total_pages: Math.ceil(exact / 2),
      prev_page: Math.ceil(exact / 2),
      next_page: null,
    };
    await getJson("/v1/jobs?company=small%20shop%20kg&per_page=1"); // a cold first request outlasts the lock
    // With keywords, by relevance: reading the page found every match.
    const keywords =
      "/v1/jobs?q=opening&company=small%20shop%20kg&remote=on_site&seniority=senior&per_page=2";
    const { body } = await whileCountsTimeOut(() => getJson(`${keywords}&page=9`));
    expect(body.items).toEqual([]);
    expect(body.meta).toMatchObject(meta);
    // Without: once its count is given up, the matches before the page are read again.
    const search = "/v1/jobs?company=small%20shop%20kg&remote=on_site&seniority=senior&per_page=2";
    const first = await whileCountsTimeOut(() => getJson(search), FINISH_DEADLINE_MS + 300);
    expect(first.body.meta.total_exact).toBe(false);
    await countsFinished();
    const past = await getJson(`${search}&page=9`);
    expect(past.body.items).toEqual([]);
    expect(past.body.meta).toMatchObject(meta);
    // Kept: the search's other pages have it too, though its count is still given up.
    const second = await getJson(`${search}&page=2`);
    expect(second.body.meta).toMatchObject({ total: exact, total_exact: true });
  });

  it("out of counting time, past the last page after a slow page, are a bound and point back one page", async () => {
    await getJson("/v1/jobs?company=small%20shop%20kg&per_page=1"); // a cold first request outlasts the lock
    // The page waits for the lock longer than reading the matches before it again may take.
    const url = "/v1/jobs?company=small%20shop%20kg&remote=hybrid&seniority=senior&per_page=2&page=9";
    const { body } = await whileCountsTimeOut(() => getJson(url), 600);
    expect(body.items).toEqual([]);
    expect(body.meta).toMatchObject({ total: 0, total_exact: false, next_page: null, prev_page: 8 });
    await countsFinished();
  });

  it("once finished off the request path, are exact for a search asked again while counting would time out", async () => {
    const url = "/v1/jobs?company=small%20shop%20kg&seniority=senior&per_page=2";
    const exact = Array.from({ length: MANY }, (_, i) => i).filter(
      (i) => i % 100 === 0 && i % 7 === 0,
    ).length;
    const first = await whileCountsTimeOut(() => getJson(url));
    expect(first.body.meta).toMatchObject({ total: 3, total_exact: false });
    await countsFinished();
    // Asked again under the same lock: answered from what is kept, without waiting for it.
    const { body, ms } = await whileCountsTimeOut(async () => {
      const started = Date.now();
      const res = await getJson(url);
      return { ...res, ms: Date.now() - started };
    });
    expect(body.meta).toMatchObject({ total: exact, total_exact: true });
    expect(ms).toBeLessThan(400);
  });

  it("facets are kept, and answered again without reading while counting would time out", async () => {
    const url = "/v1/jobs/facets?company=small%20shop%20kg&seniority=mid";
    const exact = Array.from({ length: MANY }, (_, i) => i).filter(
      (i) => i % 100 === 0 && i % 7 !== 0,
    ).length;
    const first = await whileCountsTimeOut(() => getJson(url));
    expect(first.body.meta).toMatchObject({ total: exact, total_exact: true, counted: exact });
    await countsFinished();
    const { body, ms } = await whileCountsTimeOut(async () => {
      const started = Date.now();
      const res = await getJson(url);
      return { ...res, ms: Date.now() - started };
    });
    expect(body.meta).toMatchObject({ total: exact, total_exact: true, counted: exact, exact: true });
    expect(ms).toBeLessThan(400);
  });

  it("facets give their search's pages its total, even when counting it was given up", async () => {
    const query = "company=small%20shop%20kg&remote=remote";
    const page = `/v1/jobs?${query}&per_page=2`;
    const exact = Array.from({ length: MANY }, (_, i) => i).filter(
      (i) => i % 100 === 0 && i % 3 === 0,
    ).length;
    // Locked past the longer deadline too: the count is given up, and not tried again for a while.
    const first = await whileCountsTimeOut(() => getJson(page), FINISH_DEADLINE_MS + 300);
    expect(first.body.meta.total_exact).toBe(false);
    await countsFinished();
    const givenUp = await whileCountsTimeOut(() => getJson(`${page}&page=3`));
    expect(givenUp.body.meta.total_exact).toBe(false);
    const facets = await getJson(`/v1/jobs/facets?${query}`);
    expect(facets.body.meta).toMatchObject({ total: exact, total_exact: true, counted: exact });
    const { body } = await whileCountsTimeOut(() => getJson(`${page}&page=2`));
    expect(body.meta).toMatchObject({ total: exact, total_exact: true, total_pages: Math.ceil(exact / 2) });
  });

  it("once counted exactly, stay exact for every page size of the same search", async () => {
    const search = "/v1/jobs?company=small%20shop%20kg&remote=on_site";
    const counted = await getJson(`${search}&per_page=20`);
    const exact = Array.from({ length: MANY }, (_, i) => i).filter(
      (i) => i % 100 === 0 && i % 3 === 2,
    ).length;
    expect(counted.body.meta).toMatchObject({ total: exact, total_exact: true });
    const { body } = await whileCountsTimeOut(() => getJson(`${search}&per_page=3&page=2`));
    expect(body.items).toHaveLength(3);
    expect(body.meta).toMatchObject({ total: exact, total_exact: true, total_pages: Math.ceil(exact / 3) });
  });

  it("say zero matches exactly, even out of counting time", async () => {
    const { body } = await whileCountsTimeOut(() => getJson("/v1/jobs?company=acme"));
    expect(body.items).toEqual([]);
    expect(body.meta).toMatchObject({ total: 0, total_exact: true, total_pages: 0, has_more: false });
  });

  it("facets say zero matches exactly, even out of counting time", async () => {
    const { body } = await whileCountsTimeOut(() => getJson("/v1/jobs/facets?company=acme%20facets"));
    expect(body.meta).toMatchObject({ total: 0, total_exact: true, counted: 0, exact: true });
  });

  it("facets say when they covered only the first matches", async () => {
    const { body } = await getJson("/v1/jobs/facets?posted_after=2000-01-01");
    expect(body.meta).toEqual({
      total: MAX_RESULT_WINDOW,
      total_exact: false,
      counted: MAX_RESULT_WINDOW,
      exact: false,
    });
    const exact = await getJson("/v1/jobs/facets?company=Small%20Shop%20KG");
    expect(exact.body.meta).toMatchObject({ exact: true, total_exact: true });
  });
});

/** A count waits past its 35 ms deadline and gives up; the page waits for the lock, then answers. */
const whileCountsTimeOut = <T>(send: () => Promise<T>, holdMs = 400) => whileCatalogLocked(send, holdMs);
