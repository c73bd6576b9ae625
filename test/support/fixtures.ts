// A small catalog with known rows, loaded through the real importer.
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type ImportResult, importSnapshot } from "@/lib/catalog/import/load";
import type { Numbered } from "@/lib/catalog/import/read";

export type Rec = Record<string, unknown>;

export async function* numbered(records: Rec[]): AsyncGenerator<Numbered> {
  let line = 0;
  for (const record of records) yield { line: ++line, record };
}

const day = (n: number) => new Date(Date.UTC(2026, 10, 20) - n * 86_400_000).toISOString();

export function job(id: string, title: string, country: string, ageDays: number, extra: Rec = {}): Rec {
  return {
    id,
    title,
    company: `Company ${id}`,
    country,
    posted_at: day(ageDays),
    description: `About ${title}.`,
    apply_url: `https://jobs.example.com/${id}`,
    ...extra,
  };
}

export const FIXTURE_JOBS: Rec[] = [
  job("de-1", "Senior Software Engineer", "DE", 1, {
    city: "Berlin",
    salary_min: 70000,
    salary_max: 90000,
    salary_currency: "EUR",
    salary_period: "year",
    employment_type: "full_time",
    remote: "hybrid",
    seniority: "senior",
  }),
  job("de-2", "Software Engineer", "DE", 2, { city: "Munich" }),
  job("de-3", "Engineering Manager", "DE", 3, { apply_url: "javascript:alert(1)" }),
  job("de-4", "Barista", "DE", 4, { apply_url: "mailto:jobs@cafe.example.com" }),
  job("de-5", "Data Engineer", "DE", 5, { apply_url: "" }),
  job("fr-1", "Ingénieur Logiciel", "FR", 1),
  job("fr-2", "Software Engineer", "FR", 6),
  job("us-1", "Staff Software Engineer", "US", 1),
  job("us-2", "Nurse", "US", 2),
  job("gb-1", "Software Engineer", "GB", 7),
  ...Array.from({ length: 45 }, (_, i) =>
    job(`nl-${i + 1}`, i % 3 === 0 ? "Backend Engineer" : "Accountant", "NL", 10 + i),
  ),
];

export const FIXTURE_SALARIES: Rec[] = [
  { level: "country", country: "DE", median: 60000, currency: "EUR", sample_size: 1000, as_of: "2026-11-01" },
  {
    level: "city",
    country: "DE",
    city: "Berlin",
    median: 65000,
    currency: "EUR",
    sample_size: 300,
    as_of: "2026-11-01",
  },
  {
    level: "city",
    country: "GB",
    city: "Cambridge",
    median: 48000,
    currency: "GBP",
    sample_size: 200,
    as_of: "2026-11-01",
  },
  {
    level: "city",
    country: "US",
    city: "Cambridge",
    median: 90000,
    currency: "USD",
    sample_size: 150,
    as_of: "2026-11-01",
  },
  {
    level: "city",
    country: "BR",
    city: "São Paulo",
    median: 90000,
    currency: "BRL",
    sample_size: 150,
    as_of: "2026-11-01",
  },
  { level: "country", country: "US", median: 80000, currency: "USD", sample_size: 5000, as_of: "2026-11-01" },
];

export function loadCatalog(
  jobs: Rec[] = FIXTURE_JOBS,
  salaries: Rec[] | null = FIXTURE_SALARIES,
  label = "fixture",
): Promise<ImportResult> {
  return importSnapshot(process.env.DATABASE_URL!, {
    label,
    jobs: numbered(jobs),
    salaries: salaries ? numbered(salaries) : undefined,
  });
}

/**
 * For a test file that needs the fixture catalog and a direct database connection: registers
 * the hooks and returns the connection (usable inside tests).
 */
export function catalogAndClient(): pg.Client {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  beforeAll(async () => {
    await loadCatalog();
    await client.connect();
  });
  afterAll(() => client.end());
  return client;
}
