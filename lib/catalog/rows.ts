// Database rows → API objects. Column lists live here so search and detail stay in step.
import { Prisma } from "../generated/prisma/client";
import type { Job, JobSummary } from "./job-schemas";

export const SUMMARY_COLUMNS = Prisma.sql`id, title, company, apply_url, location, city, country_code, employment_type,
  remote, seniority, salary_min, salary_max, salary_currency, salary_period, salary_source, posted_at, latitude, longitude,
  first_seen_at, last_seen_at, expires_at, duplicate_of, duplicates`;

export type JobDbRow = {
  id: string;
  title: string;
  company: string;
  apply_url: string;
  location: string;
  city: string | null;
  country_code: string;
  employment_type: JobSummary["employment_type"];
  remote: JobSummary["remote"];
  seniority: JobSummary["seniority"];
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: JobSummary["salary_period"];
  /** Null on rows written before pay's source was recorded: all of those were stated. */
  salary_source: JobSummary["salary_source"];
  posted_at: Date;
  /** Null on rows written before ages were kept. */
  first_seen_at: Date | null;
  last_seen_at: Date | null;
  expires_at: Date | null;
  latitude: number | null;
  longitude: number | null;
  /** Null on a served (canonical) job; its canonical job's id on a copy. */
  duplicate_of: string | null;
  duplicates: number;
  /** Searches near a place: km from it. */
  distance?: number | null;
  description?: string;
  pay_percentile?: number | null;
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toJobSummary(r: JobDbRow): JobSummary {
  return {
    id: r.id,
    title: r.title,
    company: r.company,
    apply_url: r.apply_url,
    location: r.location,
    city: r.city,
    country: r.country_code,
    employment_type: r.employment_type,
    remote: r.remote,
    seniority: r.seniority,
    salary_min: r.salary_min,
    salary_max: r.salary_max,
    salary_currency: r.salary_currency,
    salary_period: r.salary_period,
    salary_source: r.salary_source ?? (r.salary_min !== null || r.salary_max !== null ? "stated" : null),
    posted_at: r.posted_at.toISOString(),
    first_seen_at: iso(r.first_seen_at),
    last_seen_at: iso(r.last_seen_at),
    expires_at: iso(r.expires_at),
    latitude: r.latitude,
    longitude: r.longitude,
    duplicate_of: r.duplicate_of ?? null,
    duplicates: r.duplicates ?? 0,
    // Down to the 0.1 km, never up: a job just inside a radius or a facets bucket shows inside it.
    ...(typeof r.distance === "number" ? { distance_km: Math.floor(r.distance * 10) / 10 } : {}),
  };
}

export function toJob(r: JobDbRow): Job {
  return { ...toJobSummary(r), description: r.description ?? "", pay_percentile: r.pay_percentile ?? null };
}
