// Random and hostile query strings (control characters, malformed escapes, huge numbers, odd
// dates, any Unicode) on every catalog route and page: never a 5xx, always JSON on API paths,
// and the key's ledger charged exactly what the rules charge (a unit for each 200, 400 and 404;
// nothing for a key in the URL or anything else).
// Read on first use. The fuzz must reach the parsers, from an address of its own: the per-address
// limits are shared in Redis with the test files running beside this one.
process.env.SITE_RATE_LIMIT_PER_MIN = "100000";
process.env.KEYLESS_DAILY_LIMIT = "10000000";

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasUnsafeCharacter } from "@/lib/core/query-params";
import { peerHeaderValue } from "@/lib/net/client-ip";
import { flushUsage } from "@/lib/quota/usage-buffer";
import { searchContext } from "@/lib/site/job-links";
import { siteSalary } from "@/lib/site/salary";
import { countryFromInput, siteFacets, siteSearch, suggestionsFor } from "@/lib/site/search";
import { toSearchParams } from "@/lib/site/search-params";
import { chargedUnits, createTestKey } from "./support/api-keys";
import { catalogAndClient } from "./support/fixtures";
import { request } from "./support/http";

const client = catalogAndClient();
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

const NAMES = [
  "title",
  "country",
  "page",
  "per_page",
  "city",
  "remote",
  "employment_type",
  "seniority",
  "company",
  "salary_min",
  "salary_max",
  "include_unsalaried",
  "posted_within_days",
  "posted_after",
  "near",
  "radius_km",
  "sort",
  "tz",
  "key",
  "api_key",
];

const HOSTILE = [
  "%00",
  "a%00",
  "%01%02",
  "%1B%5B31m",
  "%0D%0A",
  "%7F",
  "%C2%85",
  "%FF",
  "%C0%AF",
  "%ED%A0%80",
  "%E2%82",
  "%",
  "%zz",
  "%EF%BF%BD",
  "%E2%80%AE",
  "%F0%9F%92%A9",
  "99999999999999999999999",
  "-1",
  "0",
  "1e309",
  "NaN",
  "0x10",
  "2026-02-30",
  "0000-01-01",
  "0001-01-01T00:00:00%2B01:00",
  "9999-12-31T23:59:59.999Z",
  "9999-12-31T23:00:00-05:00",
  "+275760-09-13",
  "2026-11-01T10:00:00Z",
  "DE",
  "eu",
  "Berlin%2C%20DE",
  "Europe%2FBerlin",
  "remote,hybrid",
  ",,,",
  "true",
  "salary_desc",
  "jsk_live_0000000000000000000000000000000000",
];

/** Each UTF-16 unit percent-encoded; a lone surrogate as the bytes a broken client would send. */
const encode = (s: string) =>
  [...s]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return "%ED%B0%80";
      }
    })
    .join("");

const piece = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: "binary", maxLength: 12 }).map(encode),
  fc.string({ unit: "grapheme", maxLength: 12 }).map(encode),
  fc.constantFrom("\uD800", "\uDFFF", "\u0000", "\u202E", "\uFFFF").map(encode),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .map((d) => encode(d.toISOString())),
  fc.string({ unit: "binary-ascii", maxLength: 8 }), // raw: & = # % + and spaces as typed
);
const value = fc.array(piece, { minLength: 0, maxLength: 3 }).map((p) => p.join(""));
const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: piece });
const query = fc
  .array(fc.tuple(name, fc.option(value, { nil: undefined })), { maxLength: 4 })
  .map((pairs) => pairs.map(([n, v]) => (v === undefined ? n : `${n}=${v}`)).join("&"));
const id = fc.oneof(
  fc.constantFrom("de-1", "nope", "a".repeat(65), "de-1.x", "..", "salary", "facets"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }).map((s) => encodeURIComponent(s)),
);

const ROUTES = [
  "/v1/jobs",
  "/v1/jobs/facets",
  "/v1/jobs/{id}",
  "/v1/salary",
  "/api/jobs",
  "/api/jobs/{id}",
  "/api/jobs/salary",
] as const;
const route = fc.constantFrom(...ROUTES);

/** Units the rules charge for a keyed /v1 answer: 200, 400 and 404 (but not key_in_query). */
const charged = (status: number, code: string | undefined) =>
  [200, 400, 404].includes(status) && code !== "key_in_query" ? 1 : 0;

describe("query fuzzing", () => {
  it("API routes: no 5xx, JSON always, and the ledger charged exactly by the rules", async () => {
    const { key, id: keyId } = await createTestKey({ tier: "pro" });
    const address = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    let expected = 0;
    await fc.assert(
      fc.asyncProperty(route, id, query, async (template, jobId, q) => {
        const path = `${template.replace("{id}", jobId)}?${q}`;
        const res = await request(path, {
          key: template.startsWith("/v1") ? key : null,
          headers: { "x-jsa-peer": peerHeaderValue(address) },
        });
        const text = await res.text();
        expect(res.status, path).toBeLessThan(500);
        expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
        const body = JSON.parse(text);
        if (res.status >= 400) {
          expect(typeof body.error.message, path).toBe("string");
          // Nothing the caller sent comes back with a control character in it.
          expect(hasUnsafeCharacter(body.error.message + (body.error.param ?? "")), path).toBe(false);
        }
        if (template.startsWith("/v1")) expected += charged(res.status, body.error?.code);
      }),
      { numRuns: RUNS * ROUTES.length },
    );
    await flushUsage();
    expect(await chargedUnits(client, keyId)).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  }, 60_000);

  it("the pages /jobs and /salary: a result or a message, never a throw", async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        // As Next hands a page its query: decoded, first value of each name.
        const record: Record<string, string> = {};
        for (const [k, v] of new URLSearchParams(q)) record[k] ??= v;
        const params = toSearchParams(record);
        countryFromInput(params.get("country") ?? "");
        searchContext(params);
        const search = await siteSearch(params);
        const outcomes = [search, await siteFacets(params), await siteSalary(params)];
        for (const o of outcomes) {
          if (!o.ok) expect(hasUnsafeCharacter(o.message), q).toBe(false);
        }
        if (search.ok && search.value.meta.total === 0) {
          await suggestionsFor(params.get("title") ?? "", search.value.country);
        }
      }),
      { numRuns: RUNS * 3 },
    );
  }, 60_000);
});
