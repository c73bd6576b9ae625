// Synonyms applied to a parsed query: a word that is a key of the list also matches its
// expansions. Only words searched for, not excluded ones: "-js" excludes exactly "js".
import { foldWord, type ParsedQuery } from "./parse";
import { SYNONYMS } from "./synonyms";
import type { SearchClause } from "./tsquery-sql";

export type Expansion = { term: string; also: string[] };

export function expandSynonyms(parsed: ParsedQuery): { clauses: SearchClause[]; expansions: Expansion[] } {
  const expansions: Expansion[] = [];
  const clauses = parsed.clauses.map((c) => ({
    any: c.any.map((item) => {
      if (item.negated || item.kind !== "term") return item;
      const also = Object.hasOwn(SYNONYMS, foldWord(item.text)) ? SYNONYMS[foldWord(item.text)] : undefined;
      if (!also) return item;
      expansions.push({ term: item.text, also: [...also] });
      return { ...item, also };
    }),
  }));
  return { clauses, expansions };
}
