// The closest known names to a place name that matched nothing: trigram similarity (as
// pg_trgm counts it) over the gazetteer's folded names, in JavaScript, through an inverted
// index built once per pool, so a refusal costs a few lists of trigrams, not a scan.
import { foldName } from "./fold";
import { type City, suggestionPool } from "./gazetteer";

function trigrams(folded: string): Set<string> {
  const out = new Set<string>();
  for (const word of folded.split(" ")) {
    const w = `  ${word} `;
    for (let i = 0; i + 3 <= w.length; i++) out.add(w.slice(i, i + 3));
  }
  return out;
}

type Index = { cities: City[]; sizes: Uint16Array; postings: Map<string, number[]> };

const indexes = new Map<string, Index>();

function indexOf(country?: string): Index {
  const id = country ?? "*";
  const known = indexes.get(id);
  if (known) return known;
  const pool = suggestionPool(country);
  const sizes = new Uint16Array(pool.length);
  const postings = new Map<string, number[]>();
  pool.forEach(({ key }, i) => {
    const grams = trigrams(key);
    sizes[i] = grams.size;
    for (const g of grams) {
      const list = postings.get(g);
      if (list) list.push(i);
      else postings.set(g, [i]);
    }
  });
  const index = { cities: pool.map((p) => p.city), sizes, postings };
  if (indexes.size > 50) indexes.clear();
  indexes.set(id, index);
  return index;
}

/** A name longer than this is cut before suggesting: no city name comes close to it. */
const MAX_CHARS = 80;

/** Up to `max` cities whose names are most like `name`: similarity ≥ 0.3, then the most populous. */
export function suggestCities(name: string, country?: string, max = 5): City[] {
  const wanted = trigrams(foldName(name.slice(0, MAX_CHARS)));
  if (!wanted.size) return [];
  const { cities, sizes, postings } = indexOf(country);
  const shared = new Map<number, number>();
  for (const g of wanted) for (const i of postings.get(g) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
  const scored: { city: City; score: number }[] = [];
  for (const [i, n] of shared) {
    const score = n / (wanted.size + (sizes[i] ?? 0) - n);
    const city = cities[i];
    if (score >= 0.3 && city) scored.push({ city, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || b.city.population - a.city.population)
    .slice(0, max)
    .map((s) => s.city);
}
