// What a page receives as searchParams, in the shape the site's searches read.

/** A page's searchParams as URLSearchParams (first value of each, empty ones dropped). */
export function toSearchParams(input: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined && value !== "") out.set(k, value);
  }
  return out;
}

/** Fields that only mean something beside another one (a radius needs a place). */
const QUALIFIES: Record<string, string> = { radius_km: "near" };

/**
 * The query a search form submits, as short as it can be: fields left empty are left out, and
 * so is a field that qualifies an empty one; a field chosen several times (checkboxes) becomes
 * one comma-separated value, the API's own form.
 */
export function compactQuery(entries: Iterable<[string, FormDataEntryValue]>): URLSearchParams {
  const values = new Map<string, string[]>();
  for (const [k, v] of entries) {
    if (typeof v !== "string" || !v.trim()) continue;
    values.set(k, [...(values.get(k) ?? []), v]);
  }
  for (const [field, needs] of Object.entries(QUALIFIES)) if (!values.has(needs)) values.delete(field);
  return new URLSearchParams([...values].map(([k, vs]) => [k, vs.join(",")]));
}
