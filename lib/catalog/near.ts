// The near, radius_km and sort=distance parameters' rules: the place resolved to a point
// (lib/places), or a refusal naming the parameter.
import { Lru } from "../core/lru";
import { invalidParam, ok, type Result } from "../core/result";
import { resolveNear } from "../places/resolve";
import { type CountryFilter, toAlpha2 } from "./countries";
import type { JobSearchQuery } from "./schemas";

export const RADIUS_DEFAULT_KM = 25;
export const RADIUS_MAX_KM = 500;

export type NearFilter = { lat: number; lng: number; radiusKm: number; label: string };

// A place name resolves the same way for the process's life; an unknown one costs a scan of
// the gazetteer for suggestions, so answers are remembered, refusals included.
const resolved = new Lru<ReturnType<typeof resolveNear>>(5_000);

/** The point and radius of a search near a place; undefined without near. */
export function nearFilter(
  q: Pick<JobSearchQuery, "near" | "radius_km" | "sort">,
  country: CountryFilter | undefined,
): Result<NearFilter | undefined, "invalid_parameter"> {
  if (q.near === undefined) {
    if (q.radius_km !== undefined)
      return invalidParam("radius_km", "radius_km: needs near (a place or coordinates).");
    if (q.sort === "distance")
      return invalidParam(
        "sort",
        "sort: distance needs near (a place or coordinates); use date or relevance.",
      );
    return ok(undefined);
  }
  const scope = country?.kind === "country" ? country.code : undefined;
  const key = `${scope ?? ""}\u0000${q.near}`;
  let place = resolved.get(key);
  if (!place) {
    place = resolveNear(q.near, { toCountry: toAlpha2, scopeCountry: scope });
    resolved.set(key, place);
  }
  if (!place.ok) return place;
  return ok({ ...place.value, radiusKm: q.radius_km ?? RADIUS_DEFAULT_KM });
}
