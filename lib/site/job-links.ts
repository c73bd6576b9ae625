// Links around a job page: back to the search it was opened from (title, country and page kept
// in the job's URL), and to the median pay where the job is.
import { countryName } from "../catalog/countries";
import type { JobSummary } from "../catalog/job-schemas";
import { salaryForLocation } from "../catalog/queries";

const CONTEXT_KEYS = ["title", "country", "page"] as const;

/** The search a job was opened from, as far as it is a search: other parameters are dropped. */
export function searchContext(input: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of CONTEXT_KEYS) {
    const v = input.get(k)?.trim();
    if (!v || v.length > 200) continue;
    if (k === "page" && (!/^[0-9]{1,5}$/.test(v) || v === "1" || Number(v) < 1)) continue;
    out.set(k, v);
  }
  return out;
}

const withQuery = (path: string, q: URLSearchParams) => (q.size ? `${path}?${q}` : path);

export const searchHref = (context: URLSearchParams) => withQuery("/jobs", context);
export const jobHref = (id: string, context: URLSearchParams) =>
  withQuery(`/jobs/${encodeURIComponent(id)}`, context);

export type SalaryLink = { label: string; href: string };

/** The city's median when the snapshot has one, then the country's. */
export async function salaryLinksFor(job: Pick<JobSummary, "city" | "country">): Promise<SalaryLink[]> {
  const links: SalaryLink[] = [];
  if (job.city) {
    const place = `${job.city}, ${job.country}`;
    const city = await salaryForLocation(new URLSearchParams({ title: place }));
    if (city.ok && city.value.salary.level === "city") {
      links.push({
        label: `Median pay in ${job.city}`,
        href: withQuery("/salary", new URLSearchParams({ title: place })),
      });
    }
  }
  links.push({
    label: `Median pay in ${countryName(job.country)}`,
    href: withQuery("/salary", new URLSearchParams({ country: job.country })),
  });
  return links;
}
