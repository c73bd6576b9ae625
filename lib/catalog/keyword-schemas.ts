// Response schemas of keyword search (q): what was searched (meta.query) and a row's highlight.
import { z } from "zod";
import { Q_MAX_ITEMS, Q_MAX_LENGTH } from "./keywords/parse";
import { SNIPPET_MAX } from "./limits";

const offset = () => z.number().int().min(0).max(SNIPPET_MAX);

export const HighlightSchema = z.object({
  snippet: z.string().max(SNIPPET_MAX).describe("A short extract of the description around the first match"),
  matches: z
    .array(z.object({ start: offset(), end: offset() }))
    .max(64)
    .describe("Matched words in snippet, as [start, end) offsets in Unicode code points"),
});

/** Lists in meta.query hold at most one entry per word or phrase of q, each part of q. */
const word = () => z.string().max(Q_MAX_LENGTH);
const words = () => z.array(word()).max(Q_MAX_ITEMS);
/** The longest expansion in the synonym list is far shorter; the bound is for the document. */
const EXPANSION_MAX_LENGTH = 100;

export const QueryMetaSchema = z.object({
  q: word(),
  terms: words().describe("Words searched for, after corrections"),
  phrases: words(),
  excluded: words().describe("Excluded words and phrases"),
  any_of: z.array(words()).max(Q_MAX_ITEMS).describe("Alternatives joined by OR"),
  expansions: z
    .array(z.object({ term: word(), also: z.array(z.string().max(EXPANSION_MAX_LENGTH)).max(8) }))
    .max(Q_MAX_ITEMS)
    .describe("Synonyms and abbreviations: each term also matched these"),
  corrections: z
    .array(z.object({ from: word(), to: z.string().max(40) }))
    .max(Q_MAX_ITEMS)
    .describe("Words that matched no job, and the catalog word searched instead"),
  ignored: words().describe("Words too common to search (such as “the”)"),
  tsquery: z.string().max(20_000).describe("What the database searched: folded and stemmed words"),
});
