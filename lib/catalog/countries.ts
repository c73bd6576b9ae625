// Country and region codes accepted by the `country` filter, and country names for salary lookups.
import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";

countries.registerLocale(en);

const EU = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split(" ");

/** Region codes: documented in docs/api.md; each expands to ISO alpha-2 codes. */
export const REGIONS: Record<string, { name: string; countries: string[] }> = {
  EU: { name: "European Union", countries: EU },
  EEA: { name: "European Economic Area", countries: [...EU, "IS", "LI", "NO"] },
  DACH: { name: "Germany, Austria, Switzerland", countries: ["DE", "AT", "CH"] },
  NORDICS: { name: "Nordic countries", countries: ["DK", "FI", "IS", "NO", "SE"] },
};

const regionsByCountry = new Map<string, string[]>();
for (const [code, region] of Object.entries(REGIONS)) {
  for (const c of region.countries) regionsByCountry.set(c, [...(regionsByCountry.get(c) ?? []), code]);
}

/** The region codes a country belongs to, e.g. DE → EU, EEA, DACH. */
export function regionsOf(alpha2: string): string[] {
  return regionsByCountry.get(alpha2) ?? [];
}

// Common non-ISO spellings people send.
const ALIASES: Record<string, string> = { UK: "GB" };

export type CountryFilter = { kind: "country" | "region"; code: string; countries: string[] };

/** ISO 3166-1 alpha-2 for an alpha-2 or alpha-3 code in any case; null when it is not a country. */
export function toAlpha2(input: string): string | null {
  const code = input.trim().toUpperCase();
  if (ALIASES[code]) return ALIASES[code];
  if (!/^[A-Z]{2,3}$/.test(code) || !countries.isValid(code)) return null;
  return code.length === 2 ? code : (countries.alpha3ToAlpha2(code) ?? null);
}

/** A country code (alpha-2/alpha-3) or a region code; null when it is neither. */
export function resolveCountryFilter(input: string): CountryFilter | null {
  const code = input.trim().toUpperCase();
  const region = REGIONS[code];
  if (region) return { kind: "region", code, countries: region.countries };
  const alpha2 = toAlpha2(code);
  return alpha2 ? { kind: "country", code: alpha2, countries: [alpha2] } : null;
}

/** "Germany", "germany", "United States", "USA" → alpha-2; null for anything else. */
export function countryFromName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  return (
    countries.getAlpha2Code(trimmed, "en") ??
    countries.getSimpleAlpha2Code(trimmed, "en") ??
    (/^[A-Za-z]{3}$/.test(trimmed) ? toAlpha2(trimmed) : null)
  );
}

/** Everyday English name: "United Kingdom", but "United States" and "Iran" over long official forms. */
export function countryName(alpha2: string): string {
  const [official, ...aliases] = countries.getName(alpha2, "en", { select: "all" }) ?? [];
  if (!official) return alpha2;
  if (!/,|\(| of /.test(official)) return official;
  return aliases.find((a) => a.length > 3 && !a.includes(",")) ?? official;
}
