// The common phrases common-bits.ts numbers after its more words, so that a quoted two-word phrase
// ("data engineer") is decided by a job's list of numbers, as a word is, instead of by the
// positions in its words. A pair is adjacent when its second lexeme sits one position after its
// first anywhere in the job's words, which is exactly what `'a' <-> 'b'` asks; job-words.ts
// reports the pairs as it lays the words out. The first batch numbers the known phrases first,
// held or not (the synonym list's two-word expansions, "customer service": an abbreviation's query
// asks for them, and checking one by positions reads the words of every job holding its common
// lexemes), then among the pairs two or more of its jobs hold those some title holds ("registered
// nurse": what people quote), each by how many jobs hold them anywhere, then the most held others.
// The most held pairs overall are the ads' boilerplate ("paid holiday"), which few search for. The
// list's longer expansions ("customer relationship management", "software as a service": chains
// of three or more lexemes, or two with stop words between) are numbered after the pairs, held or
// not (decision 0039).
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

const CHAIN = 4;
/** Positions and lexeme ids of a job as one number (positions stay under 2^14, ids under PAIR). */
const AT = PAIR;

/**
 * A known phrase found by its lexemes' positions: each lexeme's position after the first's, and
 * its key, the phrase's tsquery as text (what `phraseto_tsquery(…)::text` gives a query for it).
 */
export type KnownChain = { key: string; lexemes: readonly string[]; offsets: readonly number[] };
/** The known phrases: pairs' keys (phraseKey) and the longer chains. */
export type KnownPhrases = { pairs: ReadonlySet<string>; chains: readonly KnownChain[] };

/** `'a' <-> 'b' <3> 'c'`: a chain's tsquery text, as PostgreSQL writes a phrase's. */
export function chainText(lexemes: readonly string[], offsets: readonly number[]): string {
  let text = `'${lexemes[0]}'`;
  for (let k = 1; k < lexemes.length; k++) {
    const gap = (offsets[k] as number) - (offsets[k - 1] as number);
    text += ` ${gap === 1 ? "<->" : `<${gap}>`} '${lexemes[k]}'`;
  }
  return text;
}

const plainLexeme = (lexeme: string) => /^[^'\\]+$/.test(lexeme);

/** Adds `index` to the list under `key`. */
function listUnder<K>(lists: Map<K, number[]>, key: K, index: number) {
  const list = lists.get(key) ?? [];
  list.push(index);
  lists.set(key, list);
}

/**
 * The known phrases as the database made them (job-words-sql.ts): two lexemes one apart are a
 * pair; more, or two further apart (stop words between), a chain. Leading and trailing stop words
 * drop out, as phraseto_tsquery drops them; a position of several lexemes or a lexeme holding a
 * quote or a backslash leaves the phrase out (its words are read).
 */
export function knownPhrases(answers: readonly Piece[]): KnownPhrases {
  const pairs = new Set<string>();
  const chains = new Map<string, KnownChain>();
  for (const piece of answers) {
    if (!piece) continue;
    const lexemes: string[] = [];
    const at: number[] = [];
    let plain = true;
    piece.forEach((position, i) => {
      if (position.length === 0) return;
      if (position.length > 1 || !plainLexeme(position[0] as string)) plain = false;
      lexemes.push(position[0] as string);
      at.push(i);
    });
    if (!plain || lexemes.length < 2) continue;
    const offsets = at.map((i) => i - (at[0] as number));
    if (lexemes.length === 2 && offsets[1] === 1)
      pairs.add(phraseKey(lexemes[0] as string, lexemes[1] as string));
    else {
      const key = chainText(lexemes, offsets);
      chains.set(key, { key, lexemes, offsets });
    }
  }
  return { pairs, chains: [...chains.values()] };
}

type Chain = KnownChain & { ids: Int32Array };

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
  /** The known chains, numbered after the pairs; per lexeme the chains holding it, by first id those starting with it. */
  private chains: Chain[] = [];
  private chainsByLexeme = new Map<string, number[]>();
  private chainsByFirst = new Map<number, number[]>();
  /** The job's marked occurrences (position · AT + id), while its chains are found. */
  private readonly marked = new Set<number>();

  /** Counts a job's pairs (keys, repeats allowed; its title's the first `inTitle`) toward the choice. */
  count(pairs: readonly number[], inTitle: number) {
    const distinct = new Set(pairs);
    for (const key of distinct) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    for (let i = 0; i < inTitle; i++) this.inTitles.add(pairs[i] as number);
  }

  /**
   * Chooses the phrases from the pairs counted; `lexemeOf`: id → lexeme; `known`: the known
   * phrases (knownPhrases), numbered first, held or not. A lexeme holding a quote or a backslash
   * is left out: a query finds a phrase by its tsquery's text, which escapes them.
   */
  choose(lexemeOf: ReadonlyMap<number, string>, known: KnownPhrases = { pairs: new Set(), chains: [] }) {
    const rank = (key: number) => {
      const [first, second] = idsOf(key);
      if (known.pairs.has(phraseKey(lexemeOf.get(first) ?? "", lexemeOf.get(second) ?? ""))) return 2;
      return this.inTitles.has(key) ? 1 : 0;
    };
    const plain = (id: number) => plainLexeme(lexemeOf.get(id) ?? "'");
    const pairs = [...this.held].filter(([key, n]) => n >= 2 && idsOf(key).every(plain));
    pairs.sort((a, b) => rank(b[0]) - rank(a[0]) || b[1] - a[1] || a[0] - b[0]);
    this.held = new Map();
    this.inTitles = new Set();
    // The known pairs no job of the batch held twice are numbered too, after those it did: an
    // abbreviation's query asks for them, and without a number their lexemes' jobs' words are read.
    const lexemesOf = (key: number): [string, string] => {
      const [first, second] = idsOf(key);
      return [lexemeOf.get(first) as string, lexemeOf.get(second) as string];
    };
    const heldKnown = pairs.filter(([key]) => rank(key) === 2).map(([key]) => lexemesOf(key));
    const numbered = new Set(heldKnown.map(([a, b]) => phraseKey(a, b)));
    const unheld = [...known.pairs]
      .filter((k) => !numbered.has(k))
      .map((k) => k.split(" ") as [string, string]);
    const others = pairs.filter(([key]) => rank(key) < 2).map(([key]) => lexemesOf(key));
    const chains = known.chains.slice(0, COMMON_PHRASES);
    for (const pair of [...heldKnown, ...unheld, ...others].slice(0, COMMON_PHRASES - chains.length)) {
      const index = this.chosen.push(pair) - 1;
      for (const lexeme of new Set(pair)) listUnder(this.byLexeme, lexeme, index);
    }
    this.chains = chains.map((c) => ({ ...c, ids: new Int32Array(c.lexemes.length).fill(-1) }));
    this.chains.forEach((c, index) => {
      for (const lexeme of new Set(c.lexemes)) listUnder(this.chainsByLexeme, lexeme, index);
    });
    for (const [id, lexeme] of lexemeOf)
      if (this.byLexeme.has(lexeme) || this.chainsByLexeme.has(lexeme)) this.noteLexeme(id, lexeme);
  }

  /** Whether a lexeme id is part of a chain: its occurrences are marked for addChains. */
  inChain(id: number): boolean {
    return ((this.role[id] ?? 0) & CHAIN) !== 0;
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
    this.chainsByFirst.clear();
    for (const c of this.chains) c.ids.fill(-1);
  }

  /** A lexeme's id: where it completes a chosen phrase, that phrase's pair is known again. */
  noteLexeme(id: number, lexeme: string) {
    const phrases = this.byLexeme.get(lexeme);
    const chains = this.chainsByLexeme.get(lexeme);
    if (!phrases && !chains) return;
    if (id >= this.role.length) {
      const bigger = new Uint8Array(Math.max(id + 1, this.role.length * 2));
      bigger.set(this.role);
      this.role = bigger;
    }
    for (const index of chains ?? []) {
      const chain = this.chains[index] as Chain;
      this.role[id] = (this.role[id] as number) | CHAIN;
      chain.lexemes.forEach((l, k) => {
        if (l === lexeme) chain.ids[k] = id;
      });
      if (chain.lexemes[0] === lexeme && !this.chainsByFirst.get(id)?.includes(index))
        listUnder(this.chainsByFirst, id, index);
    }
    if (!phrases) return;
    this.idOf.set(lexeme, id);
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

  /**
   * Adds the numbers of the chains among a job's marked occurrences (`marks`: position, id, …, in
   * the order of their positions) to `more` from `at`, once each; returns the new end.
   */
  addChains(marks: readonly number[], more: Int16Array, at: number): number {
    if (marks.length === 0) return at;
    const marked = this.marked;
    marked.clear();
    for (let i = 0; i < marks.length; i += 2)
      marked.add((marks[i] as number) * AT + (marks[i + 1] as number));
    const base = this.chosen.length;
    let end = at;
    for (let i = 0; i < marks.length; i += 2) {
      const starting = this.chainsByFirst.get(marks[i + 1] as number);
      if (!starting) continue;
      const position = marks[i] as number;
      for (const index of starting) {
        if (this.seen[base + index]) continue;
        const chain = this.chains[index] as Chain;
        let held = true;
        for (let k = 1; k < chain.ids.length && held; k++) {
          const id = chain.ids[k] as number;
          held = id >= 0 && marked.has((position + (chain.offsets[k] as number)) * AT + id);
        }
        if (!held) continue;
        this.seen[base + index] = 1;
        this.holding[base + index] = (this.holding[base + index] as number) + 1;
        more[end++] = PHRASE_BASE + base + index;
      }
    }
    for (let i = at; i < end; i++) this.seen[(more[i] as number) - PHRASE_BASE] = 0;
    return end;
  }

  /** The chosen phrases (pairs, then chains) with their numbers and the part of `jobs` (those given bits) holding each. */
  phrases(jobs: number): NumberedPhrase[] {
    const share = (index: number) => (this.holding[index] as number) / Math.max(1, jobs);
    const base = this.chosen.length;
    return [
      ...this.chosen.map(([a, b], index) => ({
        key: phraseKey(a, b),
        number: PHRASE_BASE + index,
        share: share(index),
      })),
      ...this.chains.map((c, index) => ({
        key: c.key,
        number: PHRASE_BASE + base + index,
        share: share(base + index),
      })),
    ];
  }
}
