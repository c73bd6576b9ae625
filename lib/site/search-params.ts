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
