// How the pages write numbers, pay and dates: one way everywhere (en-US digits, ISO dates).
import type { JobSummary } from "../catalog/job-schemas";
import { hasUnsafeCharacter } from "../core/query-params";

export const count = (n: number) => n.toLocaleString("en-US");

/** "21 jobs", or "At least 21 jobs" when the total is a lower bound (the count ran out of time). */
export function jobsFound(total: number, exact: boolean): string {
  const jobs = total === 1 ? "1 job" : `${count(total)} jobs`;
  return exact ? jobs : `At least ${jobs}`;
}

/**
 * What a visitor typed, for a title or a message: cut at whole characters (never half of an
 * emoji's surrogate pair), and nothing at all when it holds a control character.
 */
export const typedText = (text: string, max = 60) =>
  hasUnsafeCharacter(text) ? "" : Array.from(text).slice(0, max).join("");

/** "70,000–90,000 EUR a year"; null when the job advertises no pay. */
export function payText(
  job: Pick<JobSummary, "salary_min" | "salary_max" | "salary_currency" | "salary_period">,
) {
  if (job.salary_min === null) return null;
  const max = job.salary_max ?? job.salary_min;
  const range = max === job.salary_min ? count(max) : `${count(job.salary_min)}–${count(max)}`;
  return `${range} ${job.salary_currency ?? ""} a ${job.salary_period ?? "year"}`.replace(/\s+/g, " ");
}

/** "Pays more than 62 % of advertised Data Engineer pay in Germany"; null when it has no place. */
export function payStandingText(percentile: number | null, title: string, country: string): string | null {
  if (percentile === null) return null;
  if (percentile === 0) return `At the low end of advertised ${title} pay in ${country}`;
  return `Pays more than ${percentile} % of advertised ${title} pay in ${country}`;
}

/** The words the site uses for the API's work-arrangement, employment and seniority values. */
export const VALUE_LABELS: Record<string, string> = {
  remote: "Remote",
  hybrid: "Hybrid",
  on_site: "On site",
  full_time: "Full time",
  part_time: "Part time",
  contract: "Contract",
  temporary: "Temporary",
  internship: "Internship",
  intern: "Intern",
  junior: "Junior",
  mid: "Mid-level",
  senior: "Senior",
  lead: "Lead",
  principal: "Principal",
  executive: "Executive",
};

/** "on_site" → "On site", "mid" → "Mid-level"; null when the source does not say. */
export const valueText = (value: string | null | undefined) =>
  value ? (VALUE_LABELS[value] ?? value) : null;

/** "full_time" → "Full time". */
export const employmentText = (type: string) =>
  type.charAt(0).toUpperCase() + type.slice(1).replace("_", " ");

/** "2026-11-02" from an ISO instant. */
export const dateText = (iso: string) => iso.slice(0, 10);
