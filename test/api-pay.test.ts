// Advertised pay against a plain SQL reference on the demo catalog: the percentiles of
// GET /v1/jobs/pay and of the facets' salary histograms, the minimum-sample rule, and where a
// job's pay stands (pay_percentile on GET /v1/jobs/{id}).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDemo } from "@/lib/catalog/demo/import-demo";
import { PayResponseSchema } from "@/lib/catalog/pay";
import { SalaryHistoryResponseSchema } from "@/lib/catalog/salary-schemas";
import { job, loadCatalog } from "./support/fixtures";
import { getJson } from "./support/http";

let client: pg.Client;
let snapshot: number;

beforeAll(async () => {
  const result = await importDemo(process.env.DATABASE_URL!, {
    jobs: 20_000,
    asOf: new Date("2026-11-21T00:00:00Z"),
  });
  snapshot = result.snapshotId;
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
}, 120_000);
afterAll(async () => {
  await loadCatalog(); // the fixture catalog, as the other files expect it
  await client.end();
});

const PAY = "((salary_year_min::bigint + salary_year_max::bigint) / 2)";

/** Percentiles per currency of the salaried jobs a WHERE clause picks, as PostgreSQL computes them. */
async function reference(where: string, params: unknown[]) {
  const { rows } = await client.query(
    `SELECT salary_currency AS currency, count(*)::int AS count,
       floor(percentile_cont(0.1) WITHIN GROUP (ORDER BY ${PAY}) + 0.5)::int AS p10,
       floor(percentile_cont(0.25) WITHIN GROUP (ORDER BY ${PAY}) + 0.5)::int AS p25,
       floor(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${PAY}) + 0.5)::int AS p50,
       floor(percentile_cont(0.75) WITHIN GROUP (ORDER BY ${PAY}) + 0.5)::int AS p75,
       floor(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${PAY}) + 0.5)::int AS p90
     FROM jobs WHERE snapshot_id = $1 AND salary_year_min IS NOT NULL AND ${where}
     GROUP BY 1 ORDER BY 2 DESC, 1`,
    [snapshot, ...params],
  );
  return rows as { currency: string; count: number }[];
}

describe("GET /v1/jobs/pay", () => {
  it("gives the percentiles PostgreSQL gives, per currency, over every match", async () => {
    const cases: [string, string, unknown[]][] = [
      [
        "title=engineer&country=DE&seniority=senior",
        "country_code = 'DE' AND seniority = 'senior' AND title ~* '\\mengineer'",
        [],
      ],
      ["country=FR&remote=remote", "country_code = 'FR' AND remote = 'remote'", []],
      ["country=US&employment_type=full_time", "country_code = 'US' AND employment_type = 'full_time'", []],
    ];
    for (const [query, where, params] of cases) {
      const { status, body } = await getJson(`/v1/jobs/pay?${query}`);
      expect(status, query).toBe(200);
      const pay = PayResponseSchema.parse(body);
      expect(pay.meta.exact, query).toBe(true);
      const expected = (await reference(where, params)).filter((r) => r.count >= 20);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(pay.pay, query).toEqual(expected.map((r) => ({ ...r, period: "year" })));
    }
  });

  it("restricted to stated or to parsed pay, gives PostgreSQL's percentiles over those salaries alone", async () => {
    const { rows } = await client.query(
      "SELECT salary_source::text AS source, count(*)::int AS n FROM jobs WHERE snapshot_id = $1 AND salary_year_min IS NOT NULL GROUP BY 1 ORDER BY 1",
      [snapshot],
    );
    // The demo gives some of its pay only in the text: both sources are there to tell apart.
    expect(rows.map((r) => r.source)).toEqual(["parsed", "stated"]);
    for (const source of ["stated", "parsed"]) {
      const query = `country=US&salary_source=${source}`;
      const { status, body } = await getJson(`/v1/jobs/pay?${query}`);
      expect(status, query).toBe(200);
      const expected = (await reference(`country_code = 'US' AND salary_source = '${source}'`, [])).filter(
        (r) => r.count >= 20,
      );
      expect(expected.length, query).toBeGreaterThan(0);
      expect(PayResponseSchema.parse(body).pay, query).toEqual(
        expected.map((r) => ({ ...r, period: "year" })),
      );
    }
  });

  it("leaves out a currency with fewer than 20 salaries, and says how many it read", async () => {
    const { body } = await getJson("/v1/jobs/pay?title=engineer");
    const pay = PayResponseSchema.parse(body);
    for (const row of pay.pay) expect(row.count).toBeGreaterThanOrEqual(20);
    expect(pay.meta.min_sample).toBe(20);
    expect(pay.meta.salaried).toBeGreaterThanOrEqual(pay.pay.reduce((s, r) => s + r.count, 0));
  });

  it("is a 404 insufficient_data, not a figure, when no currency has 20 salaries", async () => {
    for (const query of ["title=data%20engineer&country=DE", "company=ACME", "title=nurse&country=GB"]) {
      const { status, body } = await getJson(`/v1/jobs/pay?${query}`);
      expect(status, query).toBe(404);
      expect(body.error, query).toMatchObject({
        code: "insufficient_data",
        message: expect.stringMatching(/20/),
      });
    }
  });

  it("refuses what the facets refuse: paging, sorting, unknown parameters", async () => {
    for (const query of ["title=engineer&page=2", "title=engineer&sort=date", "title=engineer&colour=blue"]) {
      const { status, body } = await getJson(`/v1/jobs/pay?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe("invalid_parameter");
    }
  });
});

describe("the facets' salary histograms", () => {
  it("carry the same percentiles as GET /v1/jobs/pay, and PostgreSQL's", async () => {
    const query = "title=engineer&country=DE&remote=remote,hybrid";
    const facets = (await getJson(`/v1/jobs/facets?${query}`)).body;
    const pay = (await getJson(`/v1/jobs/pay?${query}`)).body;
    const expected = await reference(
      "country_code = 'DE' AND remote IN ('remote', 'hybrid') AND title ~* '\\mengineer'",
      [],
    );
    const eur = facets.salary_histograms.find((h: { currency: string }) => h.currency === "EUR");
    const { currency, count, p10, p25, p50, p75, p90 } = eur;
    expect({ currency, count, p10, p25, p50, p75, p90 }).toEqual(expected[0]);
    expect(pay.pay[0]).toEqual({ ...expected[0], period: "year" });
  });
});

describe("pay_percentile on GET /v1/jobs/{id}", () => {
  it("is the whole percent of salaried jobs of its title, country and currency paid less", async () => {
    const { rows } = await client.query(
      `SELECT id, floor(100.0 * (rank() OVER w - 1) / count(*) OVER g)::int AS expected, count(*) OVER g AS n
       FROM jobs WHERE snapshot_id = $1 AND salary_year_min IS NOT NULL
       WINDOW g AS (PARTITION BY title_id, country_code, salary_currency),
              w AS (PARTITION BY title_id, country_code, salary_currency ORDER BY ${PAY})`,
      [snapshot],
    );
    const placed = rows.filter((r) => Number(r.n) >= 10);
    expect(placed.length).toBeGreaterThanOrEqual(20);
    for (const r of placed) {
      const { body } = await getJson(`/v1/jobs/${r.id}`);
      expect(body.pay_percentile, r.id).toBe(r.expected);
    }
    // A job in a group of fewer than ten has no place to stand.
    const small = rows.find((r) => Number(r.n) < 10);
    expect((await getJson(`/v1/jobs/${small.id}`)).body.pay_percentile).toBeNull();
  });

  it("is null for a job without a salary", async () => {
    const { rows } = await client.query(
      "SELECT id FROM jobs WHERE snapshot_id = $1 AND salary_year_min IS NULL LIMIT 1",
      [snapshot],
    );
    const { body } = await getJson(`/v1/jobs/${rows[0].id}`);
    expect(body).toHaveProperty("pay_percentile", null);
  });
});

describe("what the catalog advertised, in GET /v1/salary/history", () => {
  it("gives a country's advertised pay per currency at this snapshot, dated by its newest posting", async () => {
    const { rows } = await client.query(
      "SELECT max(posted_at)::date::text AS d FROM jobs WHERE snapshot_id = $1",
      [snapshot],
    );
    const { status, body } = await getJson("/v1/salary/history?country=DE");
    expect(status).toBe(200);
    const history = SalaryHistoryResponseSchema.parse(body);
    const expected = (await reference("country_code = 'DE'", [])).filter((r) => r.count >= 20);
    const here = (history.advertised ?? []).filter((p) => p.as_of === rows[0].d);
    expect(here).toEqual(
      expected.map(({ count, ...r }) => ({ ...r, jobs: count, period: "year", as_of: rows[0].d })),
    );
  });

  it("is left out for a city: only countries have it", async () => {
    const { body } = await getJson("/v1/salary/history?title=Berlin");
    expect(body).not.toHaveProperty("advertised");
  });
});

// Last: it replaces the demo catalog the tests above read.
describe("pay_percentile at the edges of float arithmetic", () => {
  it("is exact where float arithmetic would round a break up: 7 of 25 paid less is 28", async () => {
    // 0.28 × 25 is 7.000000000000001 in float8; the 28th break must still be the 7th pay.
    const jobs = Array.from({ length: 25 }, (_, i) =>
      job(`pp-${i}`, "Pay Percentile Tester", "DE", 1, {
        salary_min: 40_000 + i * 1_000,
        salary_max: 40_000 + i * 1_000,
        salary_currency: "EUR",
        salary_period: "year",
      }),
    );
    await loadCatalog(jobs, null, "pay-percentile-edges");
    for (const [i, expected] of [
      [0, 0],
      [7, 28],
      [14, 56],
      [24, 96],
    ] as const)
      expect((await getJson(`/v1/jobs/pp-${i}`)).body.pay_percentile, `pp-${i}`).toBe(expected);
  });
});
