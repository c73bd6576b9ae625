// A catalog for the search filters: every filter has jobs on both sides of it. Ages are days
// before the moment the file is loaded, so posted_within_days holds whatever the date.
import type { Rec } from "./fixtures";

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const f = (id: string, title: string, country: string, days: number, extra: Rec): Rec => ({
  id,
  title,
  country,
  posted_at: ago(days),
  description: `About ${title}.`,
  employment_type: "full_time",
  ...extra,
});

const eur = (min: number | null, max: number | null, period = "year") => ({
  salary_min: min,
  salary_max: max,
  salary_currency: "EUR",
  salary_period: period,
});

export const FILTER_JOBS: Rec[] = [
  f("f-1", "Backend Engineer", "DE", 1, {
    city: "Berlin",
    company: "Acme GmbH",
    remote: "remote",
    seniority: "senior",
    ...eur(60_000, 80_000),
  }),
  f("f-2", "Backend Engineer", "DE", 2, {
    city: "Munich",
    company: "ACME GMBH",
    remote: "hybrid",
    seniority: "mid",
    employment_type: "contract",
    ...eur(5_000, null, "month"), // 60,000 a year
  }),
  f("f-3", "Frontend Engineer", "DE", 2.5, {
    city: "berlin",
    company: "Beta AG",
    remote: "on_site",
    seniority: "junior",
    employment_type: "part_time",
    ...eur(30, 40, "hour"), // 62,400–83,200 a year
  }),
  f("f-4", "Backend Engineer", "DE", 10, {
    city: "Berlin",
    company: "Gamma SE",
    remote: "remote",
    seniority: "lead",
  }),
  f("f-5", "Backend Engineer", "DE", 5, {
    city: "Berlin",
    company: "Delta",
    remote: "remote",
    salary_min: 90_000,
    salary_max: 110_000,
    salary_currency: "USD", // not the country's currency: never matches a salary filter in DE
    salary_period: "year",
  }),
  f("f-6", "Nurse", "US", 4, {
    city: "Boston",
    company: "General Hospital",
    remote: "on_site",
    seniority: "mid",
    salary_min: 80_000,
    salary_max: 90_000,
    salary_currency: "USD",
    salary_period: "year",
  }),
  f("f-7", "Backend Engineer", "US", 6, {
    city: "Cambridge",
    company: "Acme GmbH",
    remote: "remote",
    seniority: "senior",
    salary_min: 150_000,
    salary_currency: "USD",
    salary_period: "year",
  }),
  f("f-8", "Backend Engineer", "GB", 40, {
    city: "Cambridge",
    company: "Acme GmbH",
    remote: "hybrid",
    seniority: "principal",
    salary_max: 90_000,
    salary_currency: "GBP",
    salary_period: "year",
  }),
  f("f-9", "Data Analyst", "FR", 0.5, {
    city: "Paris",
    company: "Epsilon",
    remote: "remote",
    seniority: "intern",
    employment_type: "internship",
  }),
  // Two towns whose city keys collide (found by search): a search for one never returns the other.
  f("f-11", "Gardener", "PT", 20, { city: "Vila 2129599", company: "Green" }),
  f("f-12", "Gardener", "PT", 21, { city: "Vila 2732382", company: "Green" }),
  f("f-10", "Backend Engineer", "AT", 7, {
    city: "Vienna",
    company: "Zeta",
    remote: "remote",
    seniority: "executive",
    employment_type: "temporary",
    ...eur(100_000, 100_000),
  }),
];
