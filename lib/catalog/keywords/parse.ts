// The `q` syntax people already type into job boards: words that must all match, "quoted
// phrases", -word and -"phrase" to exclude, OR between alternatives. A mistake is refused with
// the position (1-based, in characters) where it was found, never guessed at.
import { invalidParam, ok, type Result } from "../../core/result";

export const Q_MAX_LENGTH = 300;
/** Words and phrases a query may hold, alternatives included. */
export const Q_MAX_ITEMS = 16;

export type Item = { kind: "term" | "phrase"; text: string; negated: boolean; position: number };
/** Every clause must match; a clause matches when any of its items does. */
export type Clause = { any: Item[] };
export type ParsedQuery = { clauses: Clause[] };

type Token =
  | { type: "or"; position: number }
  | { type: "item"; item: Item }
  | { type: "skip"; position: number };

const searchable = (s: string) => /[\p{L}\p{N}]/u.test(s);

function tokenize(q: string): Result<Token[], "invalid_parameter"> {
  const tokens: Token[] = [];
  const chars = [...q];
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] as string;
    if (/\s/u.test(c)) {
      i++;
      continue;
    }
    const start = i;
    const negated = c === "-" && i + 1 < chars.length && !/\s/u.test(chars[i + 1] as string);
    if (negated) i++;
    if (chars[i] === '"') {
      const close = chars.indexOf('"', i + 1);
      if (close < 0) return invalidParam("q", `q: the quote at position ${i + 1} is never closed.`);
      const text = chars
        .slice(i + 1, close)
        .join("")
        .trim();
      if (!searchable(text))
        return invalidParam("q", `q: the phrase at position ${i + 1} has no letters or digits.`);
      tokens.push({ type: "item", item: { kind: "phrase", text, negated, position: start + 1 } });
      i = close + 1;
      continue;
    }
    let end = i;
    while (end < chars.length && !/\s/u.test(chars[end] as string) && chars[end] !== '"') end++;
    const text = chars.slice(i, end).join("");
    i = end;
    if (text === "OR" && !negated) tokens.push({ type: "or", position: start + 1 });
    else if (!searchable(text)) tokens.push({ type: "skip", position: start + 1 });
    else tokens.push({ type: "item", item: { kind: "term", text, negated, position: start + 1 } });
  }
  return ok(tokens.filter((t) => t.type !== "skip"));
}

/** The query's clauses, or a failure naming the first position that breaks a rule. */
export function parseQuery(q: string): Result<ParsedQuery, "invalid_parameter"> {
  if ([...q].length > Q_MAX_LENGTH)
    return invalidParam("q", `q: must be at most ${Q_MAX_LENGTH} characters.`);
  const tokens = tokenize(q);
  if (!tokens.ok) return tokens;
  const clauses: Clause[] = [];
  let pendingOr: number | null = null;
  let items = 0;
  for (const t of tokens.value) {
    if (t.type === "or") {
      const last = clauses.at(-1);
      if (!last || pendingOr !== null)
        return invalidParam("q", `q: OR at position ${t.position} needs a word or phrase on each side.`);
      pendingOr = t.position;
      continue;
    }
    if (t.type !== "item") continue;
    const item = t.item;
    if (++items > Q_MAX_ITEMS)
      return invalidParam("q", `q: at most ${Q_MAX_ITEMS} words and phrases (position ${item.position}).`);
    if (pendingOr !== null) {
      const last = clauses.at(-1) as Clause;
      if (item.negated || last.any.some((x) => x.negated))
        return invalidParam(
          "q",
          `q: an excluded word cannot be one side of OR (position ${item.negated ? item.position : pendingOr}).`,
        );
      last.any.push(item);
      pendingOr = null;
    } else clauses.push({ any: [item] });
  }
  if (pendingOr !== null)
    return invalidParam("q", `q: OR at position ${pendingOr} needs a word or phrase on each side.`);
  if (!clauses.some((c) => !c.any[0]?.negated))
    return invalidParam("q", "q: needs at least one word or phrase to find, not only exclusions.");
  return ok({ clauses });
}

/** Case and accents folded the way lookups (synonyms, the vocabulary) compare words. */
export function foldWord(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/ß/g, "ss");
}
