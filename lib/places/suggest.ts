// The closest known names to a place name that matched nothing: trigram similarity (as
// pg_trgm counts it) over the gazetteer's folded names, in JavaScript.
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

/** Up to `max` cities whose names are most like `name`: similarity ≥ 0.3, then the most populous. */
export function suggestCities(name: string, country?: string, max = 5): City[] {
  const wanted = trigrams(foldName(name));
  if (!wanted.size) return [];
  const scored: { city: City; score: number }[] = [];
  for (const { key, city } of suggestionPool(country)) {
    // Names of very different length cannot reach the threshold: skip their trigrams.
    if (key.length > 3 * (wanted.size + 2) || wanted.size > 3 * (key.length + 2)) continue;
    const theirs = trigrams(key);
    let shared = 0;
    for (const t of theirs) if (wanted.has(t)) shared++;
    const score = shared / (wanted.size + theirs.size - shared);
    if (score >= 0.3) scored.push({ city, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || b.city.population - a.city.population)
    .slice(0, max)
    .map((s) => s.city);
}
