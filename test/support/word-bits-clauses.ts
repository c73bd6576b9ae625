// Clauses and lexemes for the unit tests of lib/catalog/keywords/word-bits.ts: a small made-up
// vocabulary of common lexemes with their bits, and ruleOutBits over it.

import { type Alternative, alternativeTexts } from "@/lib/catalog/keywords/alternatives";
import type { SearchClause } from "@/lib/catalog/keywords/tsquery-sql";
import { ruleOutBits } from "@/lib/catalog/keywords/word-bits";

export const term = (text: string, negated = false, also?: string[]) => ({
  kind: "term" as const,
  text,
  negated,
  position: 1,
  ...(also ? { also } : {}),
});
export const phrase = (text: string, negated = false) => ({
  kind: "phrase" as const,
  text,
  negated,
  position: 1,
});

// Common lexemes and their bits; any other word is a lexeme without a bit, "the" has none. A
// phrase's tsquery has a node per word and one between each two (numnode).
const COMMON: Record<string, number> = {
  python: 3,
  remot: 7,
  senior: 9,
  data: 12,
  engin: 20,
  js: 30,
  javascript: 31,
  // Numbered past the bits: listed in a job's more_words.
  kafka: 1500,
  spark: 1600,
};
export function alternative(text: string, phrase: boolean): Alternative {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w && w !== "the");
  const lexemes = [...new Set(words)].map((w) => ({
    lexeme: w,
    bit: COMMON[w] ?? null,
    share: COMMON[w] === undefined ? undefined : 0.5,
  }));
  return {
    nodes: words.length === 0 ? 0 : phrase ? 2 * words.length - 1 : words.length * 2 - 1,
    lexemes,
    phrase,
  };
}
export const bitsOf = (clauses: SearchClause[]) =>
  ruleOutBits(
    clauses,
    alternativeTexts(clauses).map((texts) => texts.map((t) => alternative(t.text, t.phrase))),
    1,
  );
