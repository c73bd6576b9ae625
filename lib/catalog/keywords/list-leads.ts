// Which index finds each clause's matches when the bits decide q: a phrase numbered past the bits
// is held by a job of the snapshot that numbered it exactly when its more_words list holds the
// number, which the list's own index answers without reading a row. Asked of the words' index
// instead, as its lexemes, every job holding them all is read, wherever they stand in its text
// (common words such as "customer", "relationship" and "management" are held apart by many).

import { type Alternative, pairedClauses } from "./alternatives";
import { isBit } from "./common-words";
import type { SearchClause } from "./tsquery-sql";
import type { ListLead } from "./word-bits";

/** Each clause's lead, in the order of the clauses left; undefined when no phrase is numbered past the bits. */
export function listLeads(
  clauses: readonly SearchClause[],
  lexemes: readonly Alternative[][],
): ListLead[] | undefined {
  const leads = pairedClauses(clauses, lexemes)
    .filter(({ clause, paired }) => !clause.any[0]?.negated && paired.length > 0)
    .map(({ paired }) => {
      const lead: ListLead = { words: [], listed: [] };
      for (const { t, a } of paired) {
        const n = a.numbered?.bit;
        if (a.phrase && n != null && !isBit(n)) lead.listed.push(n);
        else lead.words.push(t.text);
      }
      return lead;
    });
  return leads.some((l) => l.listed.length > 0) ? leads : undefined;
}
