// Title words, the same for what the import indexes and what a query asks, so that
// "UI/UX", "Node.js" and "İstanbul" split alike on both sides. Every query word must
// match; a word of two or more characters also matches as a prefix ("engin" → "Engineer").
export const MAX_TERMS = 8;

/** NFKC, lower case, runs of letters (with their combining marks) and digits. */
export function titleTerms(title: string): string[] {
  return (
    title
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

export function titleToTsQuery(title: string): string | null {
  const unique = [...new Set(titleTerms(title))].slice(0, MAX_TERMS);
  if (unique.length === 0) return null;
  return unique.map((w) => (w.length >= 2 ? `${w}:*` : w)).join(" & ");
}
