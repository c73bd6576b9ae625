// Deterministic demo catalog: the same options give the same records, byte for byte.
import { itemAt } from "../../core/arrays";
import { type LabelledJob, withCopies } from "./copies";
import { describeJob } from "./describe";
import {
  COMPANY_ROOTS,
  COMPANY_SECTORS,
  COMPANY_STEMS,
  OCCUPATIONS,
  REMOTE_SHARES,
  SENIORITIES,
  SPECIALTIES,
} from "./occupations";
import { payText } from "./pay-text";
import { DEMO_COUNTRIES, type DemoCountry } from "./places";
import { rng } from "./random";

export type DemoOptions = { jobs: number; seed?: number; asOf?: Date };

function weighted<T extends { weight: number }>(items: readonly T[]): (r: number) => T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  return (r) => {
    let x = r * total;
    for (const i of items) {
      x -= i.weight;
      if (x < 0) return i;
    }
    return itemAt(items, items.length - 1);
  };
}

const pickCountry = weighted(DEMO_COUNTRIES);
const pickSeniority = weighted(SENIORITIES);
const pickType = weighted([
  { t: "full_time", weight: 80 },
  { t: "part_time", weight: 8 },
  { t: "contract", weight: 10 },
  { t: "temporary", weight: 2 },
]);

/** Rounds money the way job ads do: to 1,000 for annual pay, more for currencies with big numbers. */
function roundPay(value: number, median: number): number {
  const step =
    median >= 10_000_000 ? 100_000 : median >= 1_000_000 ? 10_000 : median >= 100_000 ? 1_000 : 500;
  return Math.max(step, Math.round(value / step) * step);
}

// City shares: the first city of a country is the largest.
const cityShare = (i: number, n: number) => (n === 1 ? 1 : i === 0 ? 0.4 : 0.6 / (n - 1));
const cityPay = (i: number) => (i === 0 ? 1.15 : 1 - 0.03 * i);

/** A company's name without its legal form ("Acmeworks Health"), and its sector word. */
function companyBrand(index: number): { brand: string; sector: string } {
  const root = itemAt(COMPANY_ROOTS, index % COMPANY_ROOTS.length);
  const stem = itemAt(COMPANY_STEMS, Math.floor(index / COMPANY_ROOTS.length) % COMPANY_STEMS.length);
  const sector = itemAt(
    COMPANY_SECTORS,
    Math.floor(index / (COMPANY_ROOTS.length * COMPANY_STEMS.length)) % COMPANY_SECTORS.length,
  );
  return { brand: `${root}${stem}${sector ? ` ${sector}` : ""}`, sector };
}

function companyName(index: number, country: DemoCountry): string {
  const suffix = itemAt(country.suffixes, index % country.suffixes.length);
  return `${companyBrand(index).brand} ${suffix}`;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "");
const COMPANIES = 6_000;

// A company's mail and web domain, from the first word of its name (a few thousand of them).
const domains = new Map<string, string>();
function domainOf(company: string): string {
  const word = company.split(" ", 1)[0] ?? company;
  let domain = domains.get(word);
  if (domain === undefined) {
    domain = `${slug(word)}.example.com`;
    domains.set(word, domain);
  }
  return domain;
}

const DACH = new Set(["DE", "AT", "CH"]);
const HOURLY_COUNTRIES = new Set(["US", "GB", "CA", "AU", "NZ", "IE"]);
/** Share of advertised demo pay given only in the posting's text (imported as parsed). */
const TEXT_PAY_SHARE = 0.15;
const SPECIALTY_FORMS = [(s: string) => `, ${s}`, (s: string) => ` - ${s}`, (s: string) => ` (${s})`];

/** The demo's jobs, and about one copy for every ten of them (copies.ts). */
export function* demoJobs(opts: DemoOptions): Generator<Record<string, string | number | null>> {
  for (const { record } of labelledDemoJobs(opts)) yield record;
}

/** The demo's jobs, each with the id of the job it copies (null for an original). */
export const labelledDemoJobs = (opts: DemoOptions): Generator<LabelledJob> =>
  withCopies(originalDemoJobs(opts), (opts.asOf ?? new Date()).getTime());

/** The demo's jobs without their copies: what a search of the imported demo shows. */
export function* originalDemoJobs(opts: DemoOptions): Generator<Record<string, string | number | null>> {
  const r = rng(opts.seed ?? 42);
  // The newer fields draw from their own stream, so every older field keeps its value.
  const r2 = rng((opts.seed ?? 42) ^ 0x7e11);
  // Descriptions draw from a third stream, for the same reason.
  const r3 = rng((opts.seed ?? 42) ^ 0xd35c);
  const asOf = (opts.asOf ?? new Date()).getTime();
  // Advertised pay drifts with the date like the location medians, so monthly demo imports
  // show the catalog's own pay moving too.
  const drift = payDrift(new Date(asOf));
  for (let i = 0; i < opts.jobs; i++) {
    const country = pickCountry(r.next());
    const cityIndex = r.next() < 0.4 ? 0 : r.int(country.cities.length);
    const city = itemAt(country.cities, cityIndex);
    const occupation = r.pick(OCCUPATIONS);
    const seniority = pickSeniority(r.next());
    const specialty = r.next() < 0.45 ? r.pick(SPECIALTIES[occupation.field]) : null;
    const title =
      (seniority.label ? `${seniority.label} ${occupation.title}` : occupation.title) +
      (specialty ? r.pick(SPECIALTY_FORMS)(specialty) : "") +
      (DACH.has(country.code) && r.next() < 0.3 ? " (m/w/d)" : "");
    const companyIndex = r.int(COMPANIES);
    const company = companyName(companyIndex, country);
    const id = `job-${String(i + 1).padStart(7, "0")}`;
    const type = seniority.label === "Intern" ? "internship" : pickType(r.next()).t;
    const annual =
      country.median * occupation.pay * seniority.pay * cityPay(cityIndex) * (0.85 + r.next() * 0.3) * drift;
    const hourly = occupation.hourly && HOURLY_COUNTRIES.has(country.code);
    const advertised = r.next() < 0.4;
    const linkRoll = r.next();
    const domain = domainOf(company);
    const applyUrl =
      linkRoll < 0.7
        ? `https://careers.${domain}/jobs/${id}`
        : linkRoll < 0.8
          ? `mailto:jobs@${domain}?subject=${encodeURIComponent(id)}`
          : linkRoll < 0.97
            ? null
            : r.pick(["javascript:void(0)", `/apply/${id}`, "careers page"]);
    // The six draws the single-template description once made, so posted_at keeps its value.
    for (let k = 0; k < 6; k++) r.next();
    // Ads often leave these out: ~6% say nothing on remote work, a plain title says no level 30% of the time.
    const workRoll = r2.next();
    const shares = REMOTE_SHARES[occupation.field];
    const remote =
      workRoll < 0.06
        ? null
        : workRoll < 0.06 + 0.94 * shares.remote
          ? "remote"
          : workRoll < 0.06 + 0.94 * (shares.remote + shares.hybrid)
            ? "hybrid"
            : "on_site";
    const level = seniority.level === "mid" && r2.next() < 0.3 ? null : seniority.level;
    const described = describeJob(
      {
        title,
        occupation,
        level,
        type,
        remote,
        city,
        countryCode: country.code,
        ...companyBrand(companyIndex),
        companyIndex,
      },
      r3,
    );
    const pay = advertised
      ? {
          min: hourly ? Math.round(annual / 2080) : roundPay(annual * 0.9, country.median),
          max: hourly ? Math.round((annual * 1.2) / 2080) : roundPay(annual * 1.15, country.median),
          currency: country.currency,
          period: hourly ? ("hour" as const) : ("year" as const),
        }
      : null;
    // Some advertised pay is only in the text, as many feeds give it: chosen by the job's
    // number, not a draw, so every stream keeps its values.
    const inText = pay !== null && (Math.imul(i + 1, 0x9e3779b1) >>> 0) / 2 ** 32 < TEXT_PAY_SHARE;
    const description =
      pay && inText ? `${described.text}\n\n${payText(described.language, pay)}` : described.text;
    const stated = inText ? null : pay;
    yield {
      id,
      title,
      company,
      apply_url: applyUrl,
      location: null,
      city,
      country: country.code,
      employment_type: type,
      salary_min: stated?.min ?? null,
      salary_max: stated?.max ?? null,
      salary_currency: stated?.currency ?? null,
      salary_period: stated?.period ?? null,
      posted_at: new Date(asOf - r.int(90 * 86_400) * 1000).toISOString(),
      description,
      remote,
      seniority: level,
    };
  }
}

/** The date the demo's pay is pinned to: pay at other dates has drifted from it. */
const PAY_EPOCH = Date.UTC(2026, 10, 21);
/** Demo pay rises this much a year, so a series of demo imports shows a trend. */
const PAY_GROWTH_PER_YEAR = 0.03;

/** Pay at `asOf` relative to the epoch's: 1 at the epoch, compounding by the day. */
export function payDrift(asOf: Date): number {
  const years = (asOf.getTime() - PAY_EPOCH) / (365.25 * 86_400_000);
  return (1 + PAY_GROWTH_PER_YEAR) ** years;
}

/**
 * Location medians per country and per city, with the 10th, 25th, 75th and 90th percentiles
 * around each (a right-skewed spread, as pay is); sample sizes follow the job mix.
 */
export function demoSalaries(opts: DemoOptions): Record<string, string | number | null>[] {
  const r = rng((opts.seed ?? 42) ^ 0x5a1a);
  // Its own stream: the medians stay those the demo has always had.
  const spread = rng((opts.seed ?? 42) ^ 0x9e37);
  const asOfDate = opts.asOf ?? new Date();
  const asOf = asOfDate.toISOString().slice(0, 10);
  const drift = payDrift(asOfDate);
  const totalWeight = DEMO_COUNTRIES.reduce((s, c) => s + c.weight, 0);
  return DEMO_COUNTRIES.flatMap((country) => {
    const sample = Math.max(25, Math.round((opts.jobs * country.weight) / totalWeight));
    const pay = (factor: number) => {
      const exact = country.median * factor * (0.97 + r.next() * 0.06) * drift;
      const at = (k: number) => roundPay(exact * k, country.median);
      const median = at(1);
      // Rounded separately, each is kept on its side of the median.
      return {
        p10: Math.min(at(0.58 + spread.next() * 0.08), median),
        p25: Math.min(at(0.78 + spread.next() * 0.06), median),
        median,
        p75: Math.max(at(1.22 + spread.next() * 0.06), median),
        p90: Math.max(at(1.5 + spread.next() * 0.12), median),
      };
    };
    const base = { country: country.code, currency: country.currency, period: "year", as_of: asOf };
    return [
      { ...base, level: "country", city: null, ...pay(1.1), sample_size: sample },
      ...country.cities.map((city, i) => ({
        ...base,
        level: "city",
        city,
        ...pay(1.1 * cityPay(i)),
        sample_size: Math.max(10, Math.round(sample * cityShare(i, country.cities.length))),
      })),
    ];
  });
}

/** The date `months` months before `date`, on the same day of the month (or the month's last). */
export function monthsBefore(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(date.getUTCDate(), lastDay)));
}
