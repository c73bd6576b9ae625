// Free-text title → Postgres tsquery. Every word must match; each word of two or more
// characters also matches as a prefix, so "engin" finds "Engineer".
const MAX_TERMS = 8;

export function titleToTsQuery(title: string): string | null {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_TERMS);
  if (unique.length === 0) return null;
  return unique.map((w) => (w.length >= 2 ? `${w}:*` : w)).join(" & ");
}
