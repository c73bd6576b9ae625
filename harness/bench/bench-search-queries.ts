// The queries harness/bench/bench-search.ts explains: titles, countries, and filtered searches drawn
// from the catalog with a seeded generator, so every run explains the same ones.
import type pg from "pg";
import { toFilters } from "../../lib/catalog/filters";
import { JobSearchQuerySchema } from "../../lib/catalog/schemas";
import type { SearchInput } from "../../lib/catalog/search";

export const TITLES = [
  "engineer",
  "software engineer",
  "senior software",
  "engin",
  "data",
  "data scientist",
  "nurse",
  "barista",
  "manager",
  "product manager",
  "accountant",
  "dev",
  "developer",
  "backend",
  "frontend developer",
  "head of",
  "lead engineer",
  "sales",
  "analyst",
  "intern",
  "welder",
  "recruiter",
  "machine learning",
  "devops",
  "support",
  "senior",
  "junior data analyst",
  "architect",
  "chef",
  "teacher",
];
export const COUNTRIES = ["US", "DE", "GB", "IN", "FR", "NL", "JP", "SG", "KE", "BR", "CH", "EU"];

/** mulberry32, so every run explains the same queries. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Samples = { companies: string[]; cities: [string, string][]; medians: Map<string, number> };

/** Companies, cities and country medians drawn from the snapshot, seeded: the same every run. */
export async function catalogSamples(client: pg.Client, snapshotId: number): Promise<Samples> {
  const sample = `jobs_s${snapshotId} TABLESAMPLE SYSTEM (0.5) REPEATABLE (14)`;
  return {
    companies: (await client.query(`SELECT company FROM ${sample} LIMIT 60`)).rows.map(
      (r) => r.company as string,
    ),
    cities: (
      await client.query(
        `SELECT DISTINCT city, country_code FROM (SELECT city, country_code FROM ${sample} WHERE city IS NOT NULL LIMIT 400) x`,
      )
    ).rows.map((r) => [r.city as string, r.country_code as string]),
    medians: new Map(
      (
        await client.query(
          `SELECT country_code, median FROM salary_snapshots WHERE snapshot_id = $1 AND level = 'country'`,
          [snapshotId],
        )
      ).rows.map((r) => [r.country_code as string, r.median as number]),
    ),
  };
}

/**
 * Filtered searches: each filter alone, then realistic combinations of two to four filters
 * with and without a title, shallow and deep pages, every sort.
 */
export function filteredQueries(s: Samples, n: number): string[] {
  const r = rng(14);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const some = (xs: readonly string[]) =>
    [...new Set([pick(xs), ...(r() < 0.4 ? [pick(xs)] : [])])].join(",");
  const salaryCountry = () => pick(["US", "DE", "GB", "IN", "FR", "NL", "JP", "CH"]);
  const salaryFor = (c: string) =>
    Math.round(((s.medians.get(c) ?? 50_000) * (0.6 + r() * 1.2)) / 1000) * 1000;
  const parts: Record<string, () => string> = {
    remote: () => `remote=${some(["remote", "hybrid", "on_site"])}`,
    employment_type: () =>
      `employment_type=${some(["full_time", "part_time", "contract", "temporary", "internship"])}`,
    seniority: () =>
      `seniority=${some(["intern", "junior", "mid", "senior", "lead", "principal", "executive"])}`,
    company: () => `company=${encodeURIComponent(pick(s.companies))}`,
    city: () => {
      const [city, country] = pick(s.cities);
      return `city=${encodeURIComponent(`${city}, ${country}`)}`;
    },
    salary: () => {
      const c = salaryCountry();
      return `country=${c}&salary_min=${salaryFor(c)}${r() < 0.3 ? "&include_unsalaried=true" : ""}`;
    },
    posted: () => (r() < 0.7 ? `posted_within_days=${pick([1, 3, 7, 30])}` : "posted_after=2026-11-01"),
  };
  const out: string[] = [];
  for (const make of Object.values(parts)) for (let i = 0; i < 8; i++) out.push(make());
  while (out.length < n) {
    const names = Object.keys(parts)
      .sort(() => r() - 0.5)
      .slice(0, 2 + Math.floor(r() * 3));
    const q = names.map((k) => parts[k]!());
    const hasCountry = q.some((p) => p.includes("country=") || p.startsWith("city="));
    if (r() < 0.6) q.push(`title=${encodeURIComponent(pick(TITLES))}`);
    if (!hasCountry && r() < 0.5) q.push(`country=${pick(COUNTRIES)}`);
    const single =
      q.some((p) => /(^|&)(country=[A-Z]{2}($|&))|city=/.test(p)) && !q.some((p) => p.includes("country=EU"));
    if (single && r() < 0.3) q.push(`sort=${pick(["salary_desc", "salary_asc"])}`);
    else if (r() < 0.15) q.push("sort=date");
    if (r() < 0.15) q.push(`page=${pick([5, 25, 100])}`);
    out.push(q.join("&"));
  }
  return out;
}

/** A query string as the API would run it, or null when the API would refuse it. */
export function asInput(query: string, now: Date): SearchInput | null {
  const parsed = JobSearchQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
  if (!parsed.success) return null;
  const rules = toFilters(parsed.data, now);
  if (!rules.ok) return null;
  const q = parsed.data;
  return {
    title: q.title,
    filter: rules.value.filters.country,
    page: q.page,
    perPage: q.per_page,
    filters: rules.value.filters,
    sort: rules.value.sort,
  };
}
