// The demo's duplicates, as real catalogs have them: the same job reposted under a new id, and
// copies posted by recruitment agencies under their own names with the text a little changed.
// Each copy says which job it copies, so the grouping can be scored against it.

type DemoRecord = Record<string, string | number | null>;
const v = (x: string | number | null | undefined) => x ?? null;

export type LabelledJob = { record: DemoRecord; duplicateOf: string | null };

/** Shares of jobs that are reposts and agency copies of an earlier job. */
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

/** Earlier jobs a copy may copy: recent ones, as reposts and agencies follow an ad closely. */
const RECENT = 256;

// Chosen by the job's number, not a draw, so every other job keeps its values.
const share = (i: number, salt: number) => (Math.imul(i + 1, salt) >>> 0) / 2 ** 32;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function agencyText(original: DemoRecord, agency: string): string {
  const company = String(original.company);
  // The ad's own name for the employer (its name without the legal form) becomes "our client".
  const words = company.split(" ");
  const description = String(original.description);
  const long = words.slice(0, -1).join(" ");
  const brand = long && description.includes(long) ? long : (words[0] as string);
  const text = description.replace(new RegExp(escape(brand), "g"), "our client");
  return `${agency} is recruiting for a client in ${original.city}.\n\n${text}\n\n${agency} is acting as an employment agency for this vacancy.`;
}

/**
 * Turns some of the generated jobs into copies of recent ones. A copy keeps its own id and
 * posting date; everything else follows the job it copies.
 */
export function* withCopies(jobs: Iterable<DemoRecord>): Generator<LabelledJob> {
  const recent: DemoRecord[] = [];
  let i = 0;
  for (const job of jobs) {
    const roll = share(i, 0x27d4eb2f);
    const from = recent.length ? recent[Math.floor(share(i, 0x165667b1) * recent.length)] : undefined;
    i++;
    if (from && roll < REPOST_SHARE) {
      const edited = share(i, 0x61c88647) < 0.3;
      const description = edited
        ? `${from.description}\n\nReposted: we are still looking for the right person.`
        : from.description;
      yield {
        record: { ...from, id: v(job.id), posted_at: v(job.posted_at), description: v(description) },
        duplicateOf: String(from.id),
      };
      continue;
    }
    if (from && roll < REPOST_SHARE + AGENCY_SHARE) {
      const agency = AGENCIES[Math.floor(share(i, 0x2f6b3c1d) * AGENCIES.length)] as string;
      const slug = agency.toLowerCase().replace(/[^a-z]+/g, "");
      const keepsPay = share(i, 0x4cf5ad43) < 0.5;
      yield {
        record: {
          ...from,
          id: v(job.id),
          posted_at: v(job.posted_at),
          company: agency,
          apply_url: `https://${slug}.example.com/vacancies/${job.id}`,
          description: agencyText(from, agency),
          salary_min: keepsPay ? v(from.salary_min) : null,
          salary_max: keepsPay ? v(from.salary_max) : null,
          salary_currency: keepsPay ? v(from.salary_currency) : null,
          salary_period: keepsPay ? v(from.salary_period) : null,
        },
        duplicateOf: String(from.id),
      };
      continue;
    }
    recent.push(job);
    if (recent.length > RECENT) recent.shift();
    yield { record: job, duplicateOf: null };
  }
}
