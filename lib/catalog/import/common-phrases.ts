// The common phrases common-bits.ts numbers after its more words, so that a quoted two-word phrase
// ("data engineer") is decided by a job's list of numbers, as a word is, instead of by the
// positions in its words. A pair is adjacent when its second lexeme sits one position after its
// first anywhere in the job's words, which is exactly what `'a' <-> 'b'` asks; job-words.ts
// reports the pairs as it lays the words out. The first batch chooses them among the pairs two
// or more of its jobs hold: first the known phrases (the synonym list's two-word expansions,
// "customer service": what people are known to search for, in a title or not), then those some
// title holds ("registered nurse": what people quote), each by how many jobs hold them anywhere,
// then the most held others. The most held pairs overall are the ads' boilerplate ("paid
// holiday"), which few search for.
import { COMMON_PHRASES, PHRASE_BASE, phraseKey } from "../keywords/common-words";
import type { Piece } from "./job-words-sql";

/** A pair's key from two lexeme ids (job-words.ts starts over long before ids reach this). */
const PAIR = 2 ** 26;
export const pairKey = (first: number, second: number) => first * PAIR + second;
/** A pair key's two lexeme ids (not on the hot path: add() splits keys in place). */
const idsOf = (key: number): [number, number] => {
  const first = Math.floor(key / PAIR);
  return [first, key - first * PAIR];
};

const FIRST = 1;
const SECOND = 2;

/** The known phrases as the database made them (job-words-sql.ts): keys of two lexemes one apart. */
export function knownPhraseKeys(answers: readonly Piece[]): Set<string> {
  const keys = new Set<string>();
  for (const piece of answers)
    if (piece?.length === 2 && piece[0]?.length === 1 && piece[1]?.length === 1)
      keys.add(phraseKey(piece[0][0] as string, piece[1][0] as string));
  return keys;
}

export type NumberedPhrase = { key: string; number: number; share: number };

export class CommonPhrases {
  /** While choosing: per pair key, the jobs holding it, and the pairs some title holds. */
  private held = new Map<number, number>();
  private inTitles = new Set<number>();
  /** The chosen phrases' lexemes, by number less PHRASE_BASE. */
  private chosen: [string, string][] = [];
  /** Per lexeme of a chosen phrase, the phrases (by index) it is part of. */
  private byLexeme = new Map<string, number[]>();
  /** Those lexemes' ids as job-words.ts numbers them now. */
  private idOf = new Map<string, number>();
  /** Per pair key of current ids, the phrase's number. */
  private numberOf = new Map<number, number>();
  /** Per lexeme id, whether it starts (FIRST) or ends (SECOND) a chosen phrase: most pairs stop here. */
  private role = new Uint8Array(1 << 12);
  private readonly holding = new Int32Array(COMMON_PHRASES);
  private readonly seen = new Uint8Array(COMMON_PHRASES);

  /** Counts a job's pairs (keys, repeats allowed; its title's the first `inTitle`) toward the choice. */
  count(pairs: readonly number[], inTitle: number) {
    const distinct = new Set(pairs);
    for (const key of distinct) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    for (let i = 0; i < inTitle; i++) this.inTitles.add(pairs[i] as number);
  }

  /**
   * Chooses the phrases from the pairs counted; `lexemeOf`: id → lexeme; `known`: the known
   * phrases' keys (phraseKey of their lexemes). A lexeme holding a quote or a backslash is left
   * out: a query finds a phrase by its tsquery's text, which escapes them.
   */
  choose(lexemeOf: ReadonlyMap<number, string>, known: ReadonlySet<string> = new Set()) {
    const rank = (key: number) => {
      const [first, second] = idsOf(key);
      if (known.has(phraseKey(lexemeOf.get(first) ?? "", lexemeOf.get(second) ?? ""))) return 2;
      return this.inTitles.has(key) ? 1 : 0;
    };
    const plain = (id: number) => /^[^'\\]+$/.test(lexemeOf.get(id) ?? "'");
    const pairs = [...this.held].filter(([key, n]) => n >= 2 && idsOf(key).every(plain));
    pairs.sort((a, b) => rank(b[0]) - rank(a[0]) || b[1] - a[1] || a[0] - b[0]);
    this.held = new Map();
    this.inTitles = new Set();
    for (const [key] of pairs.slice(0, COMMON_PHRASES)) {
      const ids = idsOf(key);
      const index = this.chosen.push([lexemeOf.get(ids[0]) as string, lexemeOf.get(ids[1]) as string]) - 1;
      for (const lexeme of new Set(this.chosen[index])) {
        const list = this.byLexeme.get(lexeme) ?? [];
        list.push(index);
        this.byLexeme.set(lexeme, list);
      }
      for (const id of ids) this.noteLexeme(id, lexemeOf.get(id) as string);
    }
  }

  /**
   * job-words.ts forgot its lexeme ids: they are given again by noteLexeme. Pairs counted before,
   * by the old ids, are dropped: the choice is made from the jobs counted after.
   */
  forget() {
    this.held.clear();
    this.inTitles.clear();
    this.idOf.clear();
    this.numberOf.clear();
    this.role.fill(0);
  }

  /** A lexeme's id: where it completes a chosen phrase, that phrase's pair is known again. */
  noteLexeme(id: number, lexeme: string) {
    const phrases = this.byLexeme.get(lexeme);
    if (!phrases) return;
    this.idOf.set(lexeme, id);
    if (id >= this.role.length) {
      const bigger = new Uint8Array(Math.max(id + 1, this.role.length * 2));
      bigger.set(this.role);
      this.role = bigger;
    }
    for (const index of phrases) {
      const [a, b] = this.chosen[index] as [string, string];
      const first = this.idOf.get(a);
      const second = this.idOf.get(b);
      if (first === undefined || second === undefined) continue;
      this.numberOf.set(pairKey(first, second), PHRASE_BASE + index);
      this.role[first] = (this.role[first] as number) | FIRST;
      this.role[second] = (this.role[second] as number) | SECOND;
    }
  }

  /** Adds the numbers of the phrases among a job's pairs to `more` from `at`, once each; returns the new end. */
  add(pairs: readonly number[], more: Int16Array, at: number): number {
    let end = at;
    for (const key of pairs) {
      const first = Math.floor(key / PAIR);
      if (((this.role[first] ?? 0) & FIRST) === 0 || ((this.role[key - first * PAIR] ?? 0) & SECOND) === 0)
        continue;
      const n = this.numberOf.get(key);
      if (n === undefined || this.seen[n - PHRASE_BASE]) continue;
      this.seen[n - PHRASE_BASE] = 1;
      this.holding[n - PHRASE_BASE] = (this.holding[n - PHRASE_BASE] as number) + 1;
      more[end++] = n;
    }
    for (let i = at; i < end; i++) this.seen[(more[i] as number) - PHRASE_BASE] = 0;
    return end;
  }

  /** The chosen phrases with their numbers and the part of `jobs` (those given bits) holding each. */
  phrases(jobs: number): NumberedPhrase[] {
    return this.chosen.map(([a, b], index) => ({
      key: phraseKey(a, b),
      number: PHRASE_BASE + index,
      share: (this.holding[index] as number) / Math.max(1, jobs),
    }));
  }
}
