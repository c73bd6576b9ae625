// The site's own additions to the catalog (lib/site): country names in /jobs, suggestions for a
// search that finds nothing, links from a job to its pay, and the home page's live example. The
// API keeps its contract: /v1 still refuses a country name.
import { describe, expect, it } from "vitest";
import { homeExample } from "@/lib/site/home-example";
import { jobHref, salaryLinksFor, searchContext, searchHref } from "@/lib/site/job-links";
import { siteSearch, suggestionsFor } from "@/lib/site/search";
import { catalogAndClient } from "./support/fixtures";
import { getJson } from "./support/http";

catalogAndClient();

const search = async (query: string) => {
  const r = await siteSearch(new URLSearchParams(query));
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe("the site's search", () => {
  it("takes a country's name, in any case, as well as its codes", async () => {
    const byCode = await search("title=engineer&country=DE");
    expect(byCode.meta.total).toBe(4);
    for (const country of ["Germany", "germany", "DEU", "de"]) {
      const r = await search(`title=engineer&country=${country}`);
      expect(r.meta.total, country).toBe(4);
      expect(r.country).toEqual({ code: "DE", label: "Germany" });
    }
    expect((await search("title=engineer&country=dach")).meta.total).toBe(4);
  });

  it("says plainly when it knows no such country", async () => {
    const r = await siteSearch(new URLSearchParams("country=Atlantis"));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r).toMatchObject({ code: "invalid_parameter", param: "country" });
  });

  it("leaves the API's contract alone: /v1 refuses a name", async () => {
    expect((await getJson("/v1/jobs?country=Germany")).status).toBe(400);
  });

  it("suggests broader searches that find jobs, and popular ones", async () => {
    const none = await search("title=senior barista&country=FR");
    expect(none.meta.total).toBe(0);
    const { broader, popular } = await suggestionsFor("senior barista", none.country);
    // "senior barista" everywhere and "barista" in France find nothing, so they are left out.
    expect(broader).toEqual([{ label: "Every job in France", href: "/jobs?country=FR", total: 2 }]);
    expect(popular.map((p) => p.label)).toEqual(["engineer", "nurse", "manager", "accountant"]);
    expect(popular.every((p) => p.total > 0)).toBe(true);

    const elsewhere = await suggestionsFor("barista", (await search("country=FR")).country);
    expect(elsewhere.broader[0]).toMatchObject({ href: "/jobs?title=barista", total: 1 });
  });
});

describe("a job's links", () => {
  it("keep the search it came from, and only that", () => {
    const ctx = searchContext(new URLSearchParams("title=engineer&country=Germany&page=2&utm=x"));
    expect(ctx.toString()).toBe("title=engineer&country=Germany&page=2");
    expect(searchHref(ctx)).toBe("/jobs?title=engineer&country=Germany&page=2");
    expect(jobHref("de 1", ctx)).toBe("/jobs/de%201?title=engineer&country=Germany&page=2");
    expect(searchHref(searchContext(new URLSearchParams("page=1")))).toBe("/jobs");
    expect(searchContext(new URLSearchParams("page=-3")).size).toBe(0);
  });

  it("lead to the city's median when there is one, and to the country's", async () => {
    expect(await salaryLinksFor({ city: "Berlin", country: "DE" })).toEqual([
      { label: "Median pay in Berlin", href: "/salary?title=Berlin%2C+DE" },
      { label: "Median pay in Germany", href: "/salary?country=DE" },
    ]);
    expect(await salaryLinksFor({ city: "Munich", country: "DE" })).toEqual([
      { label: "Median pay in Germany", href: "/salary?country=DE" },
    ]);
  });
});

describe("the home page's example", () => {
  it("is a real request and the body /v1 answers it with", async () => {
    const r = await homeExample();
    if (!r.ok) throw new Error(r.message);
    expect(r.value.path).toBe("/v1/jobs?title=engineer&country=DE&per_page=1");
    const api = await getJson(r.value.path);
    expect(api.status).toBe(200);
    expect(r.value.body).toEqual(api.body);
  });
});
