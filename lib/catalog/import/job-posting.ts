// schema.org JobPosting → an import record (the columns of records.ts). What each property
// becomes, and what a posting with several locations becomes, is documented in
// docs/operations.md#importing-a-catalog; a change here changes that table too. Text
// is passed on as the feed wrote it (HTML, entities): the loader cleans every record's text in
// one place (clean-record.ts), so it is decoded once; what is derived here from a title (its
// seniority, a hashed id) reads the title as it will be stored.
import { createHash } from "node:crypto";
import { countryFromName, countryName, toAlpha2 } from "../countries";
import { JOB_ID_PATTERN } from "../schemas";
import { textLine } from "./html-text";
import { realInstant } from "./records";

export type Mapped =
  /** `fit`: text longer than a column's limit is shortened, not refused. */
  | { record: Record<string, unknown>; fit: true }
  | { problem: string }
  | { skipped: "expired" | "not_a_job_posting" };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const str = (v: unknown): string | null =>
  typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null;
/** A text property, or the name of the thing it points to ({"@type": "Organization", "name": …}). */
const nameOf = (v: unknown): string | null => str(v) ?? (isObj(v) ? str(v.name) : null);

const EMPLOYMENT: Record<string, string> = {
  FULL_TIME: "full_time",
  PART_TIME: "part_time",
  CONTRACTOR: "contract",
  CONTRACT: "contract",
  TEMPORARY: "temporary",
  PER_DIEM: "temporary",
  SEASONAL: "temporary",
  INTERN: "internship",
  INTERNSHIP: "internship",
};

/** Whole units per period; DAY and WEEK become a year (260 working days, 52 weeks). */
const UNITS: Record<string, [period: "year" | "month" | "hour", factor: number]> = {
  YEAR: ["year", 1],
  ANNUAL: ["year", 1],
  MONTH: ["month", 1],
  WEEK: ["year", 52],
  DAY: ["year", 260],
  HOUR: ["hour", 1],
};

// Title words → seniority, checked in this order ("Senior Lead" is lead).
const LEVELS: [RegExp, string][] = [
  [/\b(intern|internship|trainee|praktikant)/i, "intern"],
  [/\b(chief|vp|vice president|head of|director)\b/i, "executive"],
  [/\bprincipal\b/i, "principal"],
  [/\b(lead|staff)\b/i, "lead"],
  [/\b(senior|sr\.?)(\b|\s)/i, "senior"],
  [/\b(junior|jr\.?|graduate|entry[- ]level)(\b|\s)/i, "junior"],
];

function isJobPosting(o: Obj): boolean {
  return list(o["@type"]).some((t) => typeof t === "string" && /(^|[/:#])JobPosting$/.test(t));
}

function country(v: unknown): string | null {
  const name = nameOf(v);
  return name ? (toAlpha2(name) ?? countryFromName(name)) : null;
}

type Place = { city: string | null; country: string | null; geo: Obj | null };

function places(posting: Obj): Place[] {
  return list(posting.jobLocation).map((loc) => {
    const address = isObj(loc) ? (isObj(loc.address) ? loc.address : loc) : {};
    const city = nameOf(address.addressLocality);
    // Place.geo (GeoCoordinates); checked with the other columns, and dropped when not a valid pair.
    const geo = isObj(loc) && isObj(loc.geo) ? loc.geo : null;
    return { city: city && textLine(city) ? city : null, country: country(address.addressCountry), geo };
  });
}

function amount(v: unknown): number | null {
  const n =
    typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v.replace(/[, ]/g, "")) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function salary(posting: Obj): Obj {
  const none = { salary_min: null, salary_max: null, salary_currency: null, salary_period: null };
  const base = list(posting.baseSalary).find(isObj);
  if (!base) return none;
  const value = isObj(base.value) ? base.value : { value: base.value };
  const unit = str(value.unitText ?? base.unitText)?.toUpperCase() ?? "YEAR";
  const [period, factor] = UNITS[unit] ?? ["year", Number.NaN];
  const single = amount(value.value);
  let min = amount(value.minValue) ?? single;
  let max = amount(value.maxValue) ?? single;
  if (min === null && max === null) return none;
  if (Number.isNaN(factor)) return { ...none, salary_period: unit.toLowerCase() }; // refused by validation
  min = min === null ? null : Math.round(min * factor);
  max = max === null ? null : Math.round(max * factor);
  return {
    salary_min: min,
    salary_max: max,
    salary_currency: str(base.currency ?? value.currency),
    salary_period: period,
  };
}

function applyUrl(posting: Obj): string | null {
  const contact = list(posting.applicationContact).find(isObj);
  const email = contact ? str(contact.email) : null;
  return str(posting.url) ?? (contact ? str(contact.url) : null) ?? (email ? `mailto:${email}` : null);
}

/** identifier (text, number or PropertyValue) when it is a usable id; else a stable hash. */
function jobId(posting: Obj, title: string, company: string, postedAt: string): string {
  const ident =
    list(posting.identifier)
      .map((i) => (isObj(i) ? str(i.value) : str(i)))
      .find(Boolean) ?? null;
  if (ident && JOB_ID_PATTERN.test(ident)) return ident;
  const basis =
    ident ?? str(posting.url) ?? [title, company, postedAt, JSON.stringify(posting.jobLocation)].join("\n");
  return `jp-${createHash("sha256").update(basis).digest("base64url").slice(0, 24)}`;
}

export function mapJobPosting(value: unknown, now: Date): Mapped {
  if (!isObj(value)) return { problem: "must be a JSON object" };
  // Feeds mix in other nodes (the Organization a @graph describes once): left out, counted.
  if (!isJobPosting(value)) return { skipped: "not_a_job_posting" };
  const validThrough = str(value.validThrough);
  if (validThrough && !Number.isNaN(Date.parse(validThrough)) && Date.parse(validThrough) < now.getTime())
    return { skipped: "expired" };
  const rawTitle = str(value.title);
  const title = rawTitle === null ? "" : textLine(rawTitle);
  if (!title) return { problem: "title: is required" };
  const company = nameOf(value.hiringOrganization);
  if (company === null || !textLine(company)) return { problem: "hiringOrganization.name: is required" };
  const postedAt = str(value.datePosted);
  if (!postedAt) return { problem: "datePosted: is required" };
  const remote = list(value.jobLocationType).some((t) => str(t)?.toUpperCase() === "TELECOMMUTE");
  const located = places(value);
  const first = located.find((p) => p.country) ?? null;
  // A remote posting may name only where applicants must live.
  const applicantCountry = list(value.applicantLocationRequirements).map(country).find(Boolean) ?? null;
  const code = first?.country ?? applicantCountry;
  if (!code)
    return { problem: "jobLocation.address.addressCountry: is required (a country name or ISO code)" };
  const where = located
    .filter((p) => p.country)
    .map((p) => (p.city ? `${p.city}, ${countryName(p.country ?? "")}` : countryName(p.country ?? "")));
  const location = [...new Set(where)].join("; ") || (remote ? `Remote (${countryName(code)})` : null);
  const types = list(value.employmentType).map(
    (t) => EMPLOYMENT[str(t)?.toUpperCase().replace(/[- ]/g, "_") ?? ""],
  );
  return {
    fit: true,
    record: {
      id: jobId(value, title, textLine(company), postedAt),
      title: rawTitle,
      company,
      apply_url: applyUrl(value),
      location: location || null,
      city: first?.city ?? null,
      country: code,
      employment_type: types.find(Boolean) ?? null,
      ...salary(value),
      posted_at: postedAt,
      description: str(value.description) ?? "",
      remote: remote ? "remote" : located.length ? "on_site" : null,
      seniority: LEVELS.find(([re]) => re.test(title))?.[1] ?? null,
      // A validThrough the records' rule would refuse is left out rather than failing the job.
      expires_at: validThrough && realInstant(validThrough) ? validThrough : null,
      latitude: first?.geo?.latitude ?? null,
      longitude: first?.geo?.longitude ?? null,
    },
  };
}
