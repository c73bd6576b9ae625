// The pieces of text whose words the database has given (job-words.ts asks for each once): a
// hash table of piece numbers by the piece's FNV hash (open addressing), and per piece the
// lexeme ids of each position it takes. Lexeme ids are numbered here, with each one's head as
// job-words.ts writes it (quoted, escaped for COPY, then ':').

import type { CommonBits } from "./common-bits";
import { copyText } from "./copy-text";
import type { Piece } from "./job-words-sql";
import { hashOf, quote } from "./job-words-text";

const TABLE_SIZE = 1 << 20; // open addressing, kept under a third full
export const EMPTY = -1;

/** A piece the database could not lay out alone (it reaches tsvector's last position). */
export const UNPLACEABLE = Int32Array.of(-1);

export class PieceMemory {
  /** Piece number by hash, open addressing. */
  private table = new Int32Array(TABLE_SIZE).fill(EMPTY);
  private pieces: string[] = [];
  private hashes: number[] = [];
  /** Per piece: for each position it takes, how many lexemes, then their ids. */
  slots: Int32Array[] = [];
  /** Lexeme id by lexeme. */
  ids = new Map<string, number>();
  /** Per lexeme id, its quoted form and ':', escaped for COPY, in UTF-8. */
  heads: Uint8Array[] = [];

  /** Told of every lexeme id as it is numbered, and of a start over. */
  constructor(private readonly bits: CommonBits) {}

  get size(): number {
    return this.pieces.length;
  }

  forget() {
    this.table.fill(EMPTY);
    this.pieces = [];
    this.hashes = [];
    this.slots = [];
    this.ids = new Map();
    this.heads = [];
    this.bits.forget();
  }

  remember(piece: string, answer: Piece) {
    const encoded: number[] = [];
    for (const lexemes of answer ?? []) {
      encoded.push(lexemes.length);
      for (const lexeme of lexemes) {
        let id = this.ids.get(lexeme);
        if (id === undefined) {
          id = this.heads.push(Buffer.from(`${copyText(quote(lexeme))}:`)) - 1;
          this.ids.set(lexeme, id);
          this.bits.noteLexeme(id, lexeme);
        }
        encoded.push(id);
      }
    }
    const hash = hashOf(piece);
    let at = hash & (TABLE_SIZE - 1);
    while (this.table[at] !== EMPTY) at = (at + 1) & (TABLE_SIZE - 1);
    this.table[at] = this.pieces.length;
    this.pieces.push(piece);
    this.hashes.push(hash);
    this.slots.push(answer === null ? UNPLACEABLE : Int32Array.from(encoded));
  }

  /** The number of text[start, end), whose hash is `hash`, or EMPTY when not remembered. */
  find(text: string, start: number, end: number, hash: number): number {
    const length = end - start;
    for (let at = hash & (TABLE_SIZE - 1); ; at = (at + 1) & (TABLE_SIZE - 1)) {
      const n = this.table[at] as number;
      if (n === EMPTY) return EMPTY;
      if (this.hashes[n] !== hash) continue;
      const piece = this.pieces[n] as string;
      if (piece.length !== length) continue;
      let i = 0;
      while (i < length && piece.charCodeAt(i) === text.charCodeAt(start + i)) i++;
      if (i === length) return n;
    }
  }
}
