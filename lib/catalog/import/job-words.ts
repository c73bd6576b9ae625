// Each job's words (its `search` tsvector), built in the loader instead of by Postgres in the one
// backend that receives the COPY, where splitting and stemming every description was most of an
// import's time. The database still decides every word: texts are cut at ASCII white space,
// which no token of PostgreSQL's parser spans (except markup tags, so a text holding `<` is
// left to the database), and each distinct piece is sent once to `to_tsvector` with the same
// configuration. Its answer is remembered as positions and lexemes, and a job's words are these
// pieces laid end to end, as `setweight(title, A) || setweight(company, B) ||
// setweight(description, D)` would lay them.
//
// Each job's words are followed by its common words (a tab, then the job's bits in hexadecimal,
// as COPY reads a `bit varying`, and a tab and its more words' numbers, as COPY reads a
// `smallint[]`): the vocabulary the first batch chooses, its most widely held lexemes, so that a
// search can rule a job out without reading its words.

import { KNOWN_PHRASES } from "../keywords/synonyms";
import { BuiltWords } from "./built-words";
import { CommonBits, commonWordsTextLength } from "./common-bits";
import { knownPhrases, type NumberedPhrase, pairKey } from "./common-phrases";
import type { Piece } from "./job-words-sql";
import { FNV_PRIME, FNV_START, isSpace } from "./job-words-text";
import { EMPTY, PieceMemory, UNPLACEABLE } from "./piece-memory";

/** Past these, the database's own limits (positions kept per lexeme, the last position) apply. */
const MOST_PER_LEXEME = 250;
const LAST_POSITION = 16_000;
/**
 * Pieces remembered; past this the memory starts over (a catalog's words are far fewer), and a
 * batch with more new pieces than this is left to the database.
 */
const MOST_PIECES = 300_000;

/** A job's three texts: title, company, description. */
export type JobTexts = readonly [string, string, string];

const MISSING = Symbol("missing");
// Title, company, description; D is tsvector's default weight and is written as nothing.
const WEIGHTS = [65, 66, 0] as const; // 'A', 'B', none
const SPACE = 32;
const LT = 60;
const DOT = 46;
const TILDE = 126;
export class JobWords {
  /** Per lexeme id, its occurrences in the job being read (reset after each job). */
  private counts = new Uint16Array(1 << 12);
  private touched: number[] = [];
  /** The adjacent pairs of lexeme ids in the job being read (common-phrases.ts's keys). */
  private pairs: number[] = [];
  /** The job's occurrences of lexemes in a known chain: position, id, … (common-phrases.ts). */
  private marks: number[] = [];
  private out = new Uint8Array(1 << 16);
  private used = 0;
  /** Jobs whose words were left to the database, over every batch. */
  leftToDatabase = 0;
  /** The common-word bits written after each job's words. */
  private readonly bits = new CommonBits();
  private readonly memory = new PieceMemory(this.bits);

  constructor(private readonly ask: (pieces: string[]) => Promise<Piece[]>) {}

  /**
   * Each job's words, null where the database must make them (markup, or a text long enough to
   * reach its limits). Pieces not known yet are asked for, once, in one statement.
   */
  async build(jobs: readonly JobTexts[]): Promise<BuiltWords> {
    this.used = 0;
    const spans = new Int32Array(jobs.length * 2);
    const missing = new Set<string>();
    const place = (i: number) => {
      const start = this.used;
      const r = this.tryBuild(jobs[i] as JobTexts, missing);
      spans[2 * i] = r === true ? start : -1;
      spans[2 * i + 1] = this.used;
      return r;
    };
    const again: number[] = [];
    for (let i = 0; i < jobs.length; i++) if (place(i) === MISSING) again.push(i);
    if (again.length && this.memory.size + missing.size > MOST_PIECES) {
      // Starting over forgets pieces these jobs also hold: gather all of theirs again.
      this.memory.forget();
      missing.clear();
      for (const i of again) this.tryBuild(jobs[i] as JobTexts, missing);
    }
    if (again.length && missing.size <= MOST_PIECES) {
      const asked = [...missing];
      const answers = await this.ask(asked);
      for (const [i, piece] of asked.entries())
        this.memory.remember(piece, answers[i] === undefined ? [] : answers[i]);
      for (const i of again) place(i);
    }
    if (this.bits.mayChoose) {
      // The first batch with words built here: its jobs' lexemes choose the vocabulary, then it
      // is laid out again with its bits (every piece is known by now, so no job is missing one).
      this.bits.choose(this.memory.ids, knownPhrases(await this.ask([...KNOWN_PHRASES])));
      this.used = 0;
      for (let i = 0; i < jobs.length; i++) if ((spans[2 * i] as number) >= 0) place(i);
    }
    for (let i = 0; i < jobs.length; i++) if ((spans[2 * i] as number) < 0) this.leftToDatabase++;
    // The batch gets its own copy: the buffer is written again by the next batch.
    return new BuiltWords(this.out.slice(0, this.used), spans);
  }

  /** The common lexemes, number n being the lexeme at n; empty before the first batch. */
  commonWords(): readonly string[] {
    return this.bits.words();
  }

  /** Per common lexeme, the part of the jobs given bits (every batch's) that hold it. */
  commonShares(): readonly number[] {
    return this.bits.shares();
  }

  /** The common phrases, numbered after the words; empty before the first batch. */
  commonPhrases(): NumberedPhrase[] {
    return this.bits.commonPhrases();
  }

  /** Writes the job's words at the end of `out`: true, null (the database's), or MISSING. */
  private tryBuild(texts: JobTexts, missing: Set<string>): true | null | typeof MISSING {
    const from = this.used;
    let offset = 0;
    let unknown = false;
    // The last position holding lexemes, and where its ids are: a pair is adjacent positions.
    let lastPosition = -1;
    let titlePairs = 0;
    let lastSlots: Int32Array = UNPLACEABLE;
    let lastAt = 0;
    for (let part = 0; part < 3; part++) {
      const text = texts[part] as string;
      const weight = WEIGHTS[part] as number;
      let at = 0;
      let last = 0;
      // Pieces are asked for as read after white space; a text's first is read without it.
      const first = text.charCodeAt(0);
      if (first === DOT || first === TILDE) return this.undo(from, null);
      let start = 0;
      let hash = FNV_START;
      for (let i = 0; i <= text.length; i++) {
        const c = i < text.length ? text.charCodeAt(i) : SPACE;
        if (c === LT) return this.undo(from, null);
        if (!isSpace(c)) {
          hash = Math.imul(hash ^ c, FNV_PRIME);
          continue;
        }
        if (i === start) {
          start = i + 1;
          continue;
        }
        const n = this.memory.find(text, start, i, hash >>> 0);
        hash = FNV_START;
        if (n === EMPTY) {
          missing.add(text.slice(start, i));
          unknown = true;
        } else if (!unknown) {
          const slots = this.memory.slots[n] as Int32Array;
          if (slots === UNPLACEABLE) return this.undo(from, null);
          for (let k = 0; k < slots.length; ) {
            const count = slots[k++] as number;
            at++;
            if (count === 0) continue;
            const position = offset + at;
            if (position > LAST_POSITION) return this.undo(from, null);
            if (position === lastPosition + 1)
              for (let a = lastAt; a < lastAt + (lastSlots[lastAt - 1] as number); a++)
                for (let b = k; b < k + count; b++)
                  this.pairs.push(pairKey(lastSlots[a] as number, slots[b] as number));
            lastPosition = position;
            lastSlots = slots;
            lastAt = k;
            // One entry per occurrence: tsvector's input sorts them and merges a lexeme's positions.
            for (let j = 0; j < count; j++) {
              const id = slots[k++] as number;
              if (!this.count(id)) return this.undo(from, null);
              if (this.bits.inChain(id)) this.marks.push(position, id);
              this.write(id, position, weight);
            }
            last = at;
          }
        }
        start = i + 1;
      }
      // The next part's positions follow the last one holding a lexeme, as tsvector || does.
      offset += last;
      if (part === 0) titlePairs = this.pairs.length;
    }
    if (unknown) return this.undo(from, MISSING);
    this.reserve(commonWordsTextLength(this.touched.length, this.pairs.length + this.marks.length / 2));
    this.used = this.bits.write(this.touched, this.pairs, titlePairs, this.marks, this.out, this.used);
    this.resetCounts();
    return true;
  }

  private reserve(bytes: number) {
    if (this.used + bytes <= this.out.length) return;
    const bigger = new Uint8Array(Math.max(this.out.length * 2, this.used + bytes));
    bigger.set(this.out.subarray(0, this.used));
    this.out = bigger;
  }

  private undo<T>(from: number, result: T): T {
    this.used = from;
    this.resetCounts();
    return result;
  }

  /** Counts an occurrence in this job; false past what the database keeps per lexeme. */
  private count(id: number): boolean {
    if (id >= this.counts.length) {
      const bigger = new Uint16Array(Math.max(id + 1, this.counts.length * 2));
      bigger.set(this.counts);
      this.counts = bigger;
    }
    const n = this.counts[id] as number;
    if (n === 0) this.touched.push(id);
    this.counts[id] = n + 1;
    return n < MOST_PER_LEXEME;
  }

  private resetCounts() {
    for (const id of this.touched) this.counts[id] = 0;
    this.touched.length = 0;
    this.pairs.length = 0;
    this.marks.length = 0;
  }

  /** `'lexeme':12A ` */
  private write(id: number, position: number, weight: number) {
    const head = this.memory.heads[id] as Uint8Array;
    this.reserve(head.length + 8);
    const out = this.out;
    let u = this.used;
    for (let i = 0; i < head.length; i++) out[u++] = head[i] as number;
    if (position >= 10_000) out[u++] = 48 + ((position / 10_000) | 0);
    if (position >= 1_000) out[u++] = 48 + (((position / 1_000) | 0) % 10);
    if (position >= 100) out[u++] = 48 + (((position / 100) | 0) % 10);
    if (position >= 10) out[u++] = 48 + (((position / 10) | 0) % 10);
    out[u++] = 48 + (position % 10);
    if (weight) out[u++] = weight;
    out[u++] = SPACE;
    this.used = u;
  }
}
