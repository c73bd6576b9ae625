// The demo's duplicates, as real catalogs have them: the same job reposted under a new id, and
// copies posted by recruitment agencies under their own names with the text a little changed.
// Each copy says which job it copies, so the grouping can be scored against it.

type DemoRecord = Record<string, string | number | null>;
const v = (x: string | number | null | undefined) => x ?? null;

export type LabelledJob = { record: DemoRecord; duplicateOf: string | null };

/** Shares of jobs followed by a repost, and by an agency's copy. */
export const REPOST_SHARE = 0.06;
export const AGENCY_SHARE = 0.04;

const AGENCIES = [
  "Brightpath Recruitment",
  "Northstar Talent",
  "Keystone Staffing",
  "Harbour Personnel",
  "Summit Search",
  "Meridian Recruiting",
  "Bluebell Staffing",
  "Atlas Talent Partners",
];

// Chosen by the job's number, not a draw, so every other job keeps its values.
const share = (i: number, salt: number) => (Math.imul(i + 1, salt) >>> 0) / 2 ** 32;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A date some days after `iso`, never after `asOf`. */
function later(iso: string | number | null | undefined, days: number, asOf: number): string {
  const t = new Date(String(iso)).getTime() + days * 86_400_000;
  return new Date(Math.min(t, asOf)).toISOString();
}

function agencyText(original: DemoRecord, agency: string): string {
  const company = String(original.company);
  // The ad's own name for the employer (its name without the legal form) becomes "our client".
  const words = company.split(" ");
  const description = String(original.description);
  const long = words.slice(0, -1).join(" ");
  const brand = long && description.includes(long) ? long : (words[0] as string);
  const text = description.replace(new RegExp(escapeRegExp(brand), "g"), "our client");
  return `${agency} is recruiting for a client in ${original.city}.\n\n${text}\n\n${agency} is acting as an employment agency for this vacancy.`;
}

/**
 * Each generated job, followed now and then by copies of it: a repost under its id with "-r"
 * (same employer, some days later, the text now and then with a line added) and an agency's copy
 * under its id with "-a". The jobs themselves are those the generator has always made.
 */
export function* withCopies(jobs: Iterable<DemoRecord>, asOf: number): Generator<LabelledJob> {
  let i = 0;
  for (const job of jobs) {
    const n = i++;
    yield { record: job, duplicateOf: null };
    const id = String(job.id);
    if (share(n, 0x27d4eb2f) < REPOST_SHARE) {
      const edited = share(n, 0x61c88647) < 0.3;
      const description = edited
        ? `${job.description}\n\nReposted: we are still looking for the right person.`
        : v(job.description);
      const posted = later(job.posted_at, 1 + Math.floor(share(n, 0x165667b1) * 20), asOf);
      yield { record: { ...job, id: `${id}-r`, posted_at: posted, description }, duplicateOf: id };
    }
    if (share(n, 0x2f6b3c1d) < AGENCY_SHARE) {
      const agency = AGENCIES[Math.floor(share(n, 0x4cf5ad43) * AGENCIES.length)] as string;
      const slug = agency.toLowerCase().replace(/[^a-z]+/g, "");
      const keepsPay = share(n, 0x7feb352d) < 0.5;
      const copyId = `${id}-a`;
      yield {
        record: {
          ...job,
          id: copyId,
          posted_at: later(job.posted_at, 1 + Math.floor(share(n, 0x846ca68b) * 5), asOf),
          company: agency,
          apply_url: `https://${slug}.example.com/vacancies/${copyId}`,
          description: agencyText(job, agency),
          salary_min: keepsPay ? v(job.salary_min) : null,
          salary_max: keepsPay ? v(job.salary_max) : null,
          salary_currency: keepsPay ? v(job.salary_currency) : null,
          salary_period: keepsPay ? v(job.salary_period) : null,
        },
        duplicateOf: id,
      };
    }
  }
}
