// The `near` parameter: "52.52,13.40", "Berlin", "Leeds, GB" or "Springfield, MO, US", to one
// point. A name that could be several places is refused with the candidates; an unknown one
// with the closest known names. No value is echoed back (callers' input may be a secret).
import { invalidParam, ok, type Result } from "../core/result";
import { distanceKm } from "./distance";
import { type City, citiesNamed } from "./gazetteer";
import { suggestCities } from "./suggest";

export type NearPoint = { lat: number; lng: number; label: string };

export type NearOptions = {
  /** "GB", "GBR" → "GB"; null when not a country code (the catalog's own rules). */
  toCountry: (code: string) => string | null;
  /** The search's single country, if any: a name without a country is looked up there. */
  scopeCountry?: string;
};

/** A lone name resolves when its most populous city has this many times the people of any other far one. */
export const DOMINANCE = 5;
/** Cities called the same within this many km of the largest are taken as parts of it. */
export const SAME_PLACE_KM = 50;
const CANDIDATES_SHOWN = 5;

const POINT = /^\s*([-+]?\d{1,3}(?:\.\d+)?)\s*,\s*([-+]?\d{1,3}(?:\.\d+)?)\s*$/;

export type ParsedNear =
  | { kind: "point"; lat: number; lng: number }
  /** `written`: the country as written ("IL" may be a US state too; "ISR" may not). */
  | { kind: "name"; name: string; country?: string; admin?: string; written?: string };

/** The shape of a near value, before any lookup; null when coordinates are out of range. */
export function parseNear(raw: string, toCountry: NearOptions["toCountry"]): ParsedNear | null {
  const point = POINT.exec(raw);
  if (point) {
    const lat = Number(point[1]);
    const lng = Number(point[2]);
    return lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 ? { kind: "point", lat, lng } : null;
  }
  const parts = raw.split(",").map((p) => p.trim());
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  const country = last && /^[A-Za-z]{2,3}$/.test(last) ? toCountry(last) : null;
  const name = parts.slice(0, -1).join(", ");
  // Two letters that name no country: a US state ("Austin, TX").
  if (!country && parts.length === 2 && last && /^[A-Za-z]{2}$/.test(last))
    return { kind: "name", name, admin: last.toUpperCase(), country: "US", written: last };
  if (!country) return { kind: "name", name: raw.trim() };
  if (parts.length === 3)
    return { kind: "name", name: parts[0] ?? "", admin: parts[1], country, written: last };
  return { kind: "name", name, country, written: last };
}

const fmt = new Intl.NumberFormat("en");

const sameCity = (a: City | null, b: City) =>
  a !== null && a.name === b.name && a.lat === b.lat && a.lng === b.lng && a.country === b.country;

/**
 * How a candidate is named so that sending it back resolves to it alone: its name and country,
 * else with its region too, else (two cities of one region share the name, or a larger one
 * takes the name) its coordinates, with the name beside them.
 */
function candidateLabel(c: City, toCountry: NearOptions["toCountry"]): string {
  const pop = `pop. ${fmt.format(c.population)}`;
  const short = `${c.name}, ${c.country}`;
  const full = c.admin ? `${c.name}, ${c.admin}, ${c.country}` : short;
  for (const name of new Set([short, full])) {
    const parsed = parseNear(name, toCountry);
    if (parsed?.kind === "name" && sameCity(dominant(lookup(parsed)), c))
      return `${name} (${c.lat.toFixed(2)},${c.lng.toFixed(2)}; ${pop})`;
  }
  return `${c.lat.toFixed(4)},${c.lng.toFixed(4)} (${full}; ${pop})`;
}

/** The city a list of same-named cities stands for, when one dominates; else null. */
export function dominant(cities: City[]): City | null {
  const [top, ...rest] = cities;
  if (!top) return null;
  const far = rest.filter((c) => distanceKm(top, c) > SAME_PLACE_KM);
  return far.every((c) => c.population * DOMINANCE <= top.population) ? top : null;
}

function lookup(p: Extract<ParsedNear, { kind: "name" }>, scope?: string): City[] {
  const country = p.country ?? scope;
  let found = citiesNamed(p.name, country);
  if (p.admin) found = found.filter((c) => c.admin.toLowerCase() === p.admin?.toLowerCase());
  // "Springfield, IL": IL is Israel's code too; a US state fits when Israel has no such city.
  if (!found.length && p.country && !p.admin && /^[A-Za-z]{2}$/.test(p.written ?? "")) {
    const state = citiesNamed(p.name, "US").filter((c) => c.admin === p.country);
    if (state.length) found = state;
  }
  return found;
}

export function resolveNear(raw: string, opts: NearOptions): Result<NearPoint, "invalid_parameter"> {
  const parsed = parseNear(raw, opts.toCountry);
  if (!parsed)
    return invalidParam("near", "near: coordinates must be latitude -90..90 and longitude -180..180.");
  if (parsed.kind === "point")
    return ok({ lat: parsed.lat, lng: parsed.lng, label: `${parsed.lat},${parsed.lng}` });
  if (!parsed.name) return invalidParam("near", "near: must name a place or give coordinates.");
  const scope = parsed.country ? undefined : opts.scopeCountry;
  const found = lookup(parsed, scope);
  if (!found.length) {
    const close = suggestCities(parsed.name, parsed.country ?? scope).map((c) => `${c.name}, ${c.country}`);
    const hint = close.length ? ` Closest known names: ${close.join("; ")}.` : "";
    return invalidParam(
      "near",
      `near: no known city has this name${parsed.country || scope ? " in that country" : ""}.${hint} Or give coordinates, "52.52,13.40".`,
    );
  }
  const top = dominant(found);
  if (!top) {
    const shown = found.slice(0, CANDIDATES_SHOWN);
    const list = shown.map((c) => candidateLabel(c, opts.toCountry));
    const more = found.length > CANDIDATES_SHOWN ? ` and ${found.length - CANDIDATES_SHOWN} more` : "";
    return invalidParam(
      "near",
      `near: this name matches several places: ${list.join("; ")}${more}. Pick one: send it back as written before its brackets, or give coordinates.`,
    );
  }
  return ok({ lat: top.lat, lng: top.lng, label: `${top.name}, ${top.country}` });
}
