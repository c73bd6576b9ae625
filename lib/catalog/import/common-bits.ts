// The common words job-words.ts writes after each job's words (decision 0031): the first batch
// with words built in the loader chooses the vocabulary, its most widely held lexemes (up to
// COMMON_WORD_BITS + MORE_WORDS, each held by two or more of its jobs), and every job gets one bit
// per such lexeme it holds among the first COMMON_WORD_BITS, as COPY reads a `bit varying` (`x`
// and hexadecimal, bit 0 first), then the numbers of those it holds past them, as COPY reads a
// `smallint[]` (`{1030,1771}`), with the numbers of the common phrases it holds (common-phrases.ts).
import { COMMON_PHRASES, COMMON_WORD_BITS, MORE_WORDS, PHRASE_BASE } from "../keywords/common-words";
import { CommonPhrases, type KnownPhrases, type NumberedPhrase } from "./common-phrases";

const HEX = Buffer.from("0123456789abcdef");
const TAB = 9;
const X = 120; // 'x': COPY's text for a bit string in hexadecimal
const COMMA = 44;
const OPEN = 123; // '{'
const CLOSE = 125; // '}'
const NUMBERED = COMMON_WORD_BITS + MORE_WORDS;
if (COMMON_WORD_BITS < 1000 || PHRASE_BASE + COMMON_PHRASES > 10_000)
  throw new Error("more words and phrases must be numbered with four digits");

/**
 * At most what write() adds after the words of a job holding `lexemes` distinct lexemes and
 * `pairs` adjacent pairs and occurrences of known chains' lexemes: a tab, `x` and one hexadecimal digit per four bits, then a tab and the
 * more words' and phrases' numbers (four digits and a comma each), in braces.
 */
export function commonWordsTextLength(lexemes: number, pairs: number): number {
  return COMMON_WORD_BITS / 4 + 2 + 3 + 5 * (Math.min(lexemes, MORE_WORDS) + Math.min(pairs, COMMON_PHRASES));
}

export class CommonBits {
  /** The common lexemes, by number; undefined until a batch has chosen them. */
  private vocabulary: string[] | undefined;
  private bitByLexeme = new Map<string, number>();
  /** Per lexeme id (job-words.ts's), its number (a bit below COMMON_WORD_BITS), or -1. */
  private bitOf = new Int16Array(1 << 12).fill(-1);
  /** Per lexeme id, how many jobs hold it, while choosing. */
  private held = new Int32Array(1 << 12);
  /** Jobs counted while choosing, then every job given bits, and per bit the jobs holding it. */
  private counted = 0;
  private jobsWithBits = 0;
  private readonly holding = new Int32Array(NUMBERED);
  private readonly nibbles = new Uint8Array(COMMON_WORD_BITS / 4);
  /** The more words and phrases of the job being written. */
  private readonly more = new Int16Array(MORE_WORDS + COMMON_PHRASES);
  private readonly phrases = new CommonPhrases();

  /** Whether a lexeme id is part of a known chain (common-phrases.ts): write() wants its occurrences. */
  inChain(id: number): boolean {
    return this.phrases.inChain(id);
  }

  /** Whether the jobs written so far were counted to choose from: choose(), then write them again. */
  get mayChoose(): boolean {
    return this.vocabulary === undefined && this.counted > 0;
  }

  /** The common lexemes, number n being the lexeme at n; empty before a batch chose them. */
  words(): readonly string[] {
    return this.vocabulary ?? [];
  }

  /** Per common lexeme, the part of the jobs given bits (every batch's) that hold it. */
  shares(): readonly number[] {
    return this.words().map((_, bit) => (this.holding[bit] as number) / Math.max(1, this.jobsWithBits));
  }

  /** The common phrases, their numbers and shares of the jobs given bits; empty before a batch chose them. */
  commonPhrases(): NumberedPhrase[] {
    return this.phrases.phrases(this.jobsWithBits);
  }

  /** Chooses the vocabulary and phrases from the jobs counted; `ids`: lexeme → id; `known`: CommonPhrases.choose's. */
  choose(ids: ReadonlyMap<string, number>, known?: KnownPhrases) {
    const lexemeOf = new Map([...ids].map(([lexeme, id]) => [id, lexeme]));
    const chosen: number[] = [];
    for (const id of lexemeOf.keys()) if ((this.held[id] ?? 0) >= 2) chosen.push(id);
    chosen.sort((a, b) => (this.held[b] as number) - (this.held[a] as number) || a - b);
    this.vocabulary = chosen.slice(0, NUMBERED).map((id) => lexemeOf.get(id) as string);
    this.vocabulary.forEach((lexeme, bit) => {
      this.bitByLexeme.set(lexeme, bit);
      this.bitOf[ids.get(lexeme) as number] = bit;
    });
    this.held = new Int32Array(0);
    this.phrases.choose(lexemeOf, known);
  }

  /** job-words.ts forgot its lexeme ids: they are given again by noteLexeme. */
  forget() {
    this.bitOf.fill(-1);
    this.phrases.forget();
  }

  /** A new lexeme id: room for its bit and count, and its bit if it is a common word. */
  noteLexeme(id: number, lexeme: string) {
    if (id >= this.bitOf.length) {
      const bigger = new Int16Array(Math.max(id + 1, this.bitOf.length * 2)).fill(-1);
      bigger.set(this.bitOf);
      this.bitOf = bigger;
    }
    this.bitOf[id] = this.bitByLexeme.get(lexeme) ?? -1;
    this.phrases.noteLexeme(id, lexeme);
    if (this.vocabulary === undefined && id >= this.held.length) {
      const bigger = new Int32Array(Math.max(id + 1, this.held.length * 2));
      bigger.set(this.held);
      this.held = bigger;
    }
  }

  /**
   * Writes the bits and more words of a job holding the lexeme ids `touched` and the adjacent
   * pairs `pairs` (common-phrases.ts's keys, its title's the first `inTitle`) and the occurrences
   * `marks` of known chains' lexemes (position, id, …) at `out[at]`
   * (commonWordsTextLength bytes at most, room made by the caller) and counts them; returns
   * where it stopped.
   */
  write(
    touched: readonly number[],
    pairs: readonly number[],
    inTitle: number,
    marks: readonly number[],
    out: Uint8Array,
    at: number,
  ): number {
    const nibbles = this.nibbles;
    nibbles.fill(0);
    const choosing = this.vocabulary === undefined;
    if (choosing) this.counted++;
    else this.jobsWithBits++;
    let more = 0;
    for (const id of touched) {
      if (choosing) this.held[id] = (this.held[id] as number) + 1;
      const n = this.bitOf[id] as number;
      if (n < 0) continue;
      this.holding[n] = (this.holding[n] as number) + 1;
      if (n < COMMON_WORD_BITS) nibbles[n >> 2] = (nibbles[n >> 2] as number) | (8 >> (n & 3));
      else this.more[more++] = n;
    }
    if (choosing) this.phrases.count(pairs, inTitle);
    else more = this.phrases.addChains(marks, this.more, this.phrases.add(pairs, this.more, more));
    let u = at;
    out[u++] = TAB;
    out[u++] = X;
    for (let i = 0; i < nibbles.length; i++) out[u++] = HEX[nibbles[i] as number] as number;
    out[u++] = TAB;
    out[u++] = OPEN;
    const numbers = this.more.subarray(0, more).sort();
    for (let i = 0; i < numbers.length; i++) {
      if (i > 0) out[u++] = COMMA;
      // Four digits: the more words and phrases are numbered from 1,000 up to under 10,000.
      const n = numbers[i] as number;
      out[u++] = 48 + ((n / 1000) | 0);
      out[u++] = 48 + (((n / 100) | 0) % 10);
      out[u++] = 48 + (((n / 10) | 0) % 10);
      out[u++] = 48 + (n % 10);
    }
    out[u++] = CLOSE;
    return u;
  }
}
