// Hostile query values on every catalog route: control characters, malformed escapes and dates
// Postgres cannot hold are a 400 naming the parameter (a message on the pages), never a 500.
import { describe, expect, it } from "vitest";
import { hasUnsafeCharacter } from "@/lib/core/query-params";
import { peerHeaderValue } from "@/lib/net/client-ip";
import { siteSalary } from "@/lib/site/salary";
import { siteFacets, siteSearch } from "@/lib/site/search";
import { ErrorBodySchema } from "./support/error-shape";
import { catalogAndClient } from "./support/fixtures";
import { getJson, SAME_ORIGIN } from "./support/http";

catalogAndClient();

// /api/jobs* count against a per-address limit shared in Redis with the files running beside
// this one.
const peer = {
  ...SAME_ORIGIN,
  "x-jsa-peer": peerHeaderValue(`192.0.2.${1 + Math.floor(Math.random() * 250)}`),
};

async function refused(path: string, param: string) {
  const { status, body, res } = await getJson(path, peer);
  expect(status, path).toBe(400);
  expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
  expect(ErrorBodySchema.parse(body).error, path).toMatchObject({ code: "invalid_parameter", param });
  return body.error.message as string;
}

describe("control characters and malformed escapes", () => {
  const routes: [string, string][] = [
    ["/api/jobs?company=a%00", "company"],
    ["/v1/jobs?city=a%00&country=DE", "city"],
    ["/v1/jobs?country=DE&company=%00", "company"],
    ["/v1/jobs/facets?company=a%00", "company"],
    ["/v1/jobs/facets?city=Berlin%00&country=DE", "city"],
    ["/v1/jobs?title=engineer%01", "title"],
    ["/v1/jobs?title=engineer%7F", "title"],
    ["/v1/jobs?company=Acme%C2%85", "company"],
    ["/v1/jobs?company=%FF", "company"],
    ["/v1/jobs?company=%ED%A0%80", "company"],
    ["/v1/jobs?tz=Europe%2FBerlin%00", "tz"],
    ["/v1/jobs/de-1?tz=%00", "tz"],
    ["/api/jobs/de-1?tz=%0A", "tz"],
    ["/v1/salary?title=Berlin%00", "title"],
    ["/api/jobs/salary?country=DE%00", "country"],
  ];
  it.each(routes)("%s is a 400 naming %s", async (path, param) => {
    const message = await refused(path, param);
    expect(message).toMatch(/control characters/);
    expect(hasUnsafeCharacter(message)).toBe(false);
  });

  it("names a parameter whose name is the problem, escaped", async () => {
    await refused("/v1/jobs?comp%00any=x", "comp\\u0000any");
  });

  it("the pages' searches give the same message instead of reaching the database", async () => {
    for (const run of [siteSearch, siteFacets, siteSalary]) {
      const r = await run(new URLSearchParams("country=DE%00&title=nurse"));
      expect(r).toMatchObject({ ok: false, code: "invalid_parameter", param: "country" });
    }
    const company = await siteSearch(new URLSearchParams([["company", "a\u0000"]]));
    expect(company).toMatchObject({ ok: false, param: "company" });
    // A typed country is not echoed back with the character in it.
    if (!company.ok) expect(company.message).toMatch(/^company: must not contain control characters/);
  });
});

describe("dates Postgres and JavaScript both hold", () => {
  it.each([
    "0000-01-01",
    "0001-01-01T00:00:00%2B01:00",
    "2026-02-30",
    "1969-12-31",
    "10000-01-01",
    "9999-12-31T23:00:00-05:00",
    "2026-01-01T25:00Z",
  ])("posted_after=%s is a 400 on every route that takes it", async (date) => {
    for (const path of ["/v1/jobs", "/v1/jobs/facets", "/api/jobs"]) {
      const message = await refused(`${path}?posted_after=${date}`, "posted_after");
      expect(message).toMatch(/1970-01-01 and 9999-12-31/);
    }
    const page = await siteSearch(new URLSearchParams(`posted_after=${decodeURIComponent(date)}`));
    // The page's search form does not send posted_after: the page ignores it rather than refusing.
    expect(page.ok).toBe(true);
  });

  it("takes the edges of the range", async () => {
    expect((await getJson("/v1/jobs?posted_after=1970-01-01")).status).toBe(200);
    expect((await getJson("/v1/jobs?posted_after=1969-12-31T23:30:00-01:00")).status).toBe(200);
    const last = await getJson("/v1/jobs?posted_after=9999-12-31T23:59:59.999Z");
    expect(last.status).toBe(200);
    expect(last.body.meta.total).toBe(0);
  });
});
