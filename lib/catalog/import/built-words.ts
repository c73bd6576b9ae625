// A batch's words as job-words.ts built them: one buffer, handed to a worker thread whole.

/**
 * A batch's words, all in one buffer: each job's as tsvector text escaped for COPY, in UTF-8,
 * then a tab and its common words' bits (`x` and hexadecimal), then a tab and its more words
 * (`{1030,1771}`). `bytes(i)` gives them as COPY writes them (three columns); `text(i)`,
 * `bits(i)` and `more(i)` each as the plain value (for INSERTs). Escaped words hold no tab.
 */
const TAB = 9;

export class BuiltWords {
  constructor(
    readonly buffer: Uint8Array,
    /** Per job, the start and end of its words in `buffer`; a start of -1 means none. */
    readonly spans: Int32Array,
  ) {}

  get length(): number {
    return this.spans.length / 2;
  }

  /** Null where the database is to make the job's words. */
  bytes(i: number): Uint8Array | null {
    const start = this.spans[2 * i] as number;
    return start < 0 ? null : this.buffer.subarray(start, this.spans[2 * i + 1]);
  }

  /** Every job's words as text, in order. */
  texts(): (string | null)[] {
    return Array.from({ length: this.length }, (_, i) => this.text(i));
  }

  text(i: number): string | null {
    const b = this.bytes(i);
    // Escaped for COPY, a tsvector text differs from its value only in doubled backslashes.
    return b === null
      ? null
      : Buffer.from(b.subarray(0, b.indexOf(TAB)))
          .toString("utf8")
          .replaceAll("\\\\", "\\");
  }

  bits(i: number): string | null {
    const b = this.bytes(i);
    return b === null
      ? null
      : Buffer.from(b.subarray(b.indexOf(TAB) + 1, b.lastIndexOf(TAB))).toString("latin1");
  }

  more(i: number): string | null {
    const b = this.bytes(i);
    return b === null ? null : Buffer.from(b.subarray(b.lastIndexOf(TAB) + 1)).toString("latin1");
  }
}
