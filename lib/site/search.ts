// What the site's /jobs adds to the API's search: a country typed as a name ("Germany",
// "germany") as well as a code ("DE", "DEU") or a region ("EU", "dach"), resolved to a code here
// before searchCatalog runs (the /v1 contract stays codes only), and suggestions for a search
// that finds nothing.
import { countryFromName, countryName, REGIONS, resolveCountryFilter } from "../catalog/countries";
import { facetsCatalog, searchCatalog } from "../catalog/queries";
import { unsafeParam } from "../core/query-params";
import { invalidParam, ok } from "../core/result";
import { typedText } from "./format";

export type CountryChoice = { code: string; label: string };

const REGION_NAMES = new Map<string, string>([
  ...Object.entries(REGIONS).map(([code, r]) => [r.name.toLowerCase(), code] as [string, string]),
  ["nordic countries", "NORDICS"],
  ["nordic", "NORDICS"],
  ["europe", "EU"],
]);

/** A typed country, region or country name → its code and everyday name; null when unknown. */
export function countryFromInput(input: string): CountryChoice | null {
  const text = input.trim();
  if (!text) return null;
  const filter = resolveCountryFilter(text);
  if (filter?.kind === "region")
    return { code: filter.code, label: REGIONS[filter.code]?.name ?? filter.code };
  if (filter) return { code: filter.code, label: countryName(filter.code) };
  const region = REGION_NAMES.get(text.toLowerCase());
  if (region) return { code: region, label: REGIONS[region]?.name ?? region };
  const alpha2 = countryFromName(text);
  return alpha2 ? { code: alpha2, label: countryName(alpha2) } : null;
}

/** The filters of "More filters" on /jobs, as the API names them. */
export const FILTER_KEYS = [
  "remote",
  "employment_type",
  "seniority",
  "company",
  "city",
  "salary_min",
  "include_unsalaried",
  "posted_within_days",
  "near",
  "radius_km",
  "sort",
] as const;
/** Filters a form sends as one checkbox per value (remote=remote&remote=hybrid). */
const LIST_KEYS = new Set(["remote", "employment_type", "seniority"]);

/** The parameters the site's search takes; anything else in a page's URL is ignored. */
const SEARCH_KEYS = ["q", "title", "country", "page", "per_page", ...FILTER_KEYS] as const;

/**
 * A page's query → the API's: known keys only, empty form fields dropped, checkbox lists
 * joined with commas, and a typed country resolved to its code.
 */
function forCatalog(params: URLSearchParams, keys: readonly string[]) {
  // Checked on the page's whole query, before a typed country is resolved or echoed.
  const unsafe = unsafeParam(params);
  if (unsafe) return unsafe;
  const out = new URLSearchParams();
  for (const k of keys) {
    const values = params
      .getAll(k)
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length) out.set(k, LIST_KEYS.has(k) ? values.join(",") : (values[0] ?? ""));
  }
  // The form always sends a radius; without a place it means nothing (the API would refuse it).
  if (!out.has("near")) out.delete("radius_km");
  const typed = out.get("country");
  const country = typed ? countryFromInput(typed) : null;
  if (typed && !country) {
    return invalidParam(
      "country",
      `We do not know a country or region called “${typedText(typed)}”. Try a name (Germany), a code (DE or DEU) or a region (EU, DACH, NORDICS).`,
    );
  }
  if (country) out.set("country", country.code);
  return ok({ query: out, country });
}

/** The site's search: the API's searchCatalog, after the country is resolved to a code. */
export async function siteSearch(params: URLSearchParams) {
  const prepared = forCatalog(params, SEARCH_KEYS);
  if (!prepared.ok) return prepared;
  const found = await searchCatalog(prepared.value.query);
  if (!found.ok) return found;
  const { query, page } = found.value;
  return ok({ query, items: page.items, meta: page.meta, country: prepared.value.country });
}

const FACET_KEYS = SEARCH_KEYS.filter((k) => !["page", "per_page", "sort"].includes(k));
/** Each checkbox group and the facet that counts it. */
const GROUPS = [
  ["remote", "remote"],
  ["employment_type", "employment_types"],
  ["seniority", "seniority"],
] as const;

async function facetsFor(params: URLSearchParams) {
  const prepared = forCatalog(params, FACET_KEYS);
  if (!prepared.ok) return prepared;
  const found = await facetsCatalog(prepared.value.query);
  return found.ok ? ok(found.value.facets) : found;
}

/**
 * Facet counts for "More filters" (no paging or order). A checkbox group that is in use is
 * counted without its own choice, so its other values still say how many jobs they would add.
 */
export async function siteFacets(params: URLSearchParams) {
  const all = await facetsFor(params);
  if (!all.ok) return all;
  const facets = { ...all.value };
  for (const [key, facet] of GROUPS) {
    if (!params.getAll(key).some((v) => v.trim())) continue;
    const without = new URLSearchParams(params);
    without.delete(key);
    const other = await facetsFor(without);
    if (other.ok) Object.assign(facets, { [facet]: other.value[facet] });
  }
  return ok(facets);
}

export type Suggestion = { label: string; href: string; total: number };

// Broad titles most catalogs have; each is offered only when it finds jobs.
const POPULAR = ["engineer", "nurse", "analyst", "manager", "designer", "accountant"];

const searchHref = (title?: string, country?: string) => {
  const q = new URLSearchParams();
  if (title) q.set("title", title);
  if (country) q.set("country", country);
  return `/jobs${q.size ? `?${q}` : ""}`;
};

async function totalFor(title?: string, country?: string): Promise<number> {
  const q = new URLSearchParams({ per_page: "1" });
  if (title) q.set("title", title);
  if (country) q.set("country", country);
  const r = await searchCatalog(q);
  return r.ok ? r.value.page.meta.total : 0;
}

/**
 * For a search that found nothing: broader searches that do find jobs (the title without the
 * country, shorter titles, the whole country) and popular searches.
 */
export async function suggestionsFor(
  title: string | undefined,
  country: CountryChoice | null,
): Promise<{ broader: Suggestion[]; popular: Suggestion[] }> {
  const words = (title ?? "").split(/\s+/).filter(Boolean);
  const candidates: { label: string; title?: string; country?: string }[] = [];
  if (title && country) candidates.push({ label: `“${title}” in every country`, title });
  if (words.length > 1) {
    for (const shorter of [words.slice(0, -1).join(" "), words.at(-1) ?? ""]) {
      const where = country ? ` in ${country.label}` : "";
      candidates.push({ label: `“${shorter}”${where}`, title: shorter, country: country?.code });
    }
  }
  if (title && country) candidates.push({ label: `Every job in ${country.label}`, country: country.code });
  const seen = new Set<string>();
  const broader: Suggestion[] = [];
  for (const c of candidates) {
    const href = searchHref(c.title, c.country);
    if (seen.has(href)) continue;
    seen.add(href);
    const total = await totalFor(c.title, c.country);
    if (total > 0) broader.push({ label: c.label, href, total });
  }
  const popular: Suggestion[] = [];
  for (const p of POPULAR) {
    const total = await totalFor(p);
    if (total > 0) popular.push({ label: p, href: searchHref(p), total });
  }
  return { broader, popular };
}
