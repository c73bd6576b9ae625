// What npm run bench (harness/bench/bench.ts) measures: the lists of paths wrk requests, and
// the table's rows (ENDPOINTS) that run them.
import { writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** Writes each list of paths to a file of its own in `dir`; job ids are read from the live catalog. */
export async function pathLists(databaseUrl: string, dir: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const ids = (
    await c.query(
      "SELECT id FROM jobs WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live) ORDER BY md5(id) LIMIT 2000",
    )
  ).rows.map((r) => `/v1/jobs/${r.id}`);
  await c.end();
  const titles = [
    "engineer",
    "software engineer",
    "data",
    "nurse",
    "manager",
    "senior",
    "developer",
    "accountant",
    "sales",
    "analyst",
  ];
  const countries = ["US", "DE", "GB", "IN", "FR", "NL", "EU", "JP", "BR", "CA"];
  const search = titles.flatMap((t) => countries.map((c) => `?title=${encodeURIComponent(t)}&country=${c}`));
  const files = {
    ping: ["/api/ping"],
    health: ["/api/health"],
    usage: ["/api/keys/usage"],
    detail: ids,
    search: search.map((q) => `/v1/jobs${q}`),
    salary: ["DE", "US", "GB", "FR", "IN", "JP", "BR", "NL", "ES", "IT"].map(
      (c) => `/v1/salary?country=${c}`,
    ),
    site: search.map((q) => `/api/jobs${q}`),
    // The search filters and facets, on the same titles and single countries.
    filtered: titles.flatMap((t) =>
      ["US", "DE", "GB", "IN", "FR"].map(
        (c) =>
          `/v1/jobs?title=${encodeURIComponent(t)}&country=${c}&remote=remote,hybrid&employment_type=full_time&sort=date`,
      ),
    ),
    facets: titles.flatMap((t) =>
      ["US", "DE", "GB", "IN", "FR"].map(
        (c) => `/v1/jobs/facets?title=${encodeURIComponent(t)}&country=${c}`,
      ),
    ),
    // Keywords over whole postings, and places within a radius.
    keywords: [
      "python",
      "wound care",
      "kubernetes -senior",
      '"project manager"',
      "forklift OR warehouse",
    ].flatMap((q) => ["US", "DE", "GB"].map((c) => `/v1/jobs?q=${encodeURIComponent(q)}&country=${c}`)),
    // What a search's matches advertise, and a location's pay over time.
    pay: titles.flatMap((t) =>
      ["US", "DE", "GB", "IN", "FR"].map(
        (c) => `/v1/jobs/pay?title=${encodeURIComponent(t)}&country=${c}&seniority=senior,lead`,
      ),
    ),
    history: ["DE", "US", "GB", "FR", "IN", "JP", "BR", "NL", "ES", "IT"].map(
      (c) => `/v1/salary/history?country=${c}`,
    ),
    near: ["Berlin, DE", "London, GB", "Paris, FR", "New York, US", "Madrid, ES"].flatMap((place) =>
      [25, 100].map((km) => `/v1/jobs?near=${encodeURIComponent(place)}&radius_km=${km}`),
    ),
  };
  return Object.fromEntries(
    Object.entries(files).map(([name, lines]) => {
      const file = path.join(dir, `${name}.txt`);
      writeFileSync(file, `${lines.join("\n")}\n`);
      return [name, file];
    }),
  ) as Record<keyof typeof files, string>;
}

type Lists = Awaited<ReturnType<typeof pathLists>>;
/**
 * The table's rows, in order. `list` names one of pathLists()'s files (add the paths there),
 * `keyed` runs it with a fresh pro key of its own (so no row runs into another's quota), and
 * `goal` is the most CPU per request it may take, as a multiple of the bare app's.
 */
export const ENDPOINTS: { short: string; name: string; list: keyof Lists; keyed: boolean; goal?: number }[] =
  [
    { short: "bare", name: "ceiling: bare Next app", list: "ping", keyed: false },
    { short: "health", name: "ceiling: in-app /api/health", list: "health", keyed: false, goal: 1.15 },
    { short: "detail", name: "GET /v1/jobs/{id}", list: "detail", keyed: true, goal: 1.25 },
    { short: "search", name: "GET /v1/jobs?title&country", list: "search", keyed: true, goal: 1.25 },
    { short: "salary", name: "GET /v1/salary", list: "salary", keyed: true, goal: 1.25 },
    { short: "usage", name: "GET /api/keys/usage", list: "usage", keyed: true, goal: 1.6 },
    { short: "site", name: "GET /api/jobs (site, IP-limited)", list: "site", keyed: false },
    { short: "filtered", name: "GET /v1/jobs with filters", list: "filtered", keyed: true, goal: 1.25 },
    { short: "facets", name: "GET /v1/jobs/facets", list: "facets", keyed: true, goal: 1.25 },
    { short: "keywords", name: "GET /v1/jobs?q (keywords)", list: "keywords", keyed: true },
    { short: "near", name: "GET /v1/jobs?near (radius)", list: "near", keyed: true },
    { short: "pay", name: "GET /v1/jobs/pay", list: "pay", keyed: true },
    { short: "history", name: "GET /v1/salary/history", list: "history", keyed: true, goal: 1.25 },
  ];
