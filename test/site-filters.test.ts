// The site's "More filters": the API's filters from a form (checkbox lists sent as repeated
// parameters), facet counts for the same search, and the /jobs page rendering both.
import { beforeAll, describe, expect, it } from "vitest";
import { siteFacets, siteSearch } from "@/lib/site/search";
import { FILTER_JOBS } from "./support/filter-fixtures";
import { loadCatalog } from "./support/fixtures";

beforeAll(async () => {
  await loadCatalog(FILTER_JOBS, null);
});

describe("the site's filters", () => {
  it("join a form's repeated checkboxes and drop its empty fields", async () => {
    const r = await siteSearch(
      new URLSearchParams(
        "title=&country=Germany&remote=remote&remote=hybrid&company=&city=&salary_min=&sort=",
      ),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.value.items.map((i) => i.id).sort()).toEqual(["f-1", "f-2", "f-4", "f-5"]);
  });

  it("count the current search's jobs per choice", async () => {
    const r = await siteFacets(
      new URLSearchParams("country=Germany&seniority=senior&seniority=junior&page=2"),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.value.meta.total).toBe(2);
    expect(r.value.remote).toEqual([
      { value: "on_site", count: 1 },
      { value: "remote", count: 1 },
    ]);
    // The seniority group is counted without its own choice: what each level would add.
    expect(r.value.seniority).toEqual(
      expect.arrayContaining([
        { value: "senior", count: 1 },
        { value: "junior", count: 1 },
        { value: "mid", count: 1 },
        { value: "lead", count: 1 },
        { value: null, count: 1 },
      ]),
    );
  });

  it("search near a place, and ignore the form's radius without one", async () => {
    const near = await siteSearch(
      new URLSearchParams("near=Boston,%20US&radius_km=10&country=&sort=distance"),
    );
    if (!near.ok) throw new Error(near.message);
    expect(near.value.items.map((i) => i.city)).toEqual(["Boston", "Cambridge"]);
    expect(near.value.items[0]?.distance_km).toBe(0);
    const none = await siteSearch(new URLSearchParams("near=&radius_km=25&country=Germany"));
    expect(none.ok).toBe(true);
    const unknown = await siteSearch(new URLSearchParams("near=Nowhere-on-Sea&radius_km=25"));
    expect(unknown).toMatchObject({ ok: false, code: "invalid_parameter", param: "near" });
  });

  it("refuse what the API refuses, naming the field", async () => {
    const r = await siteSearch(new URLSearchParams("salary_min=50000&country=EU"));
    expect(r).toMatchObject({ ok: false, code: "invalid_parameter", param: "salary_min" });
  });
});

describe("/jobs with More filters", () => {
  it("renders the filters, checked as the URL says, with the search's counts", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { MoreFilters } = await import("@/app/jobs/more-filters");
    const params = new URLSearchParams("country=DE&remote=remote");
    const facets = await siteFacets(params);
    if (!facets.ok) throw new Error(facets.message);
    const html = renderToStaticMarkup(MoreFilters({ params, facets: facets.value }));
    expect(html).toContain("More filters");
    expect(html).toContain('name="remote" checked="" value="remote"/> Remote<span class="muted"> (3)</span>');
    // Counted without the remote choice: Germany's one hybrid job would be added.
    expect(html).toContain('name="remote" value="hybrid"/> Hybrid<span class="muted"> (1)</span>');
    expect(html).toContain('value="senior"/> Senior<span class="muted"> (1)</span>');
    expect(html).toContain("<details");
  });

  it("renders the place and radius of a search near a place, open", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { MoreFilters } = await import("@/app/jobs/more-filters");
    const params = new URLSearchParams("near=Leeds,%20GB&radius_km=50");
    const html = renderToStaticMarkup(MoreFilters({ params, facets: null }));
    expect(html).toContain('name="near" value="Leeds, GB"');
    expect(html).toMatch(/<option value="50" selected="">50 km<\/option>/);
    expect(html).toContain('<details class="more-filters" open=""');
  });
});
