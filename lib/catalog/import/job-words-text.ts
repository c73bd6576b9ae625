// The pieces job-words.ts cuts a text into and the lexemes it writes: where a piece ends, its
// hash (computed as the text is read), and a lexeme quoted as tsvector text.

/** PostgreSQL's parser treats these as white space in every locale; nothing else is cut on. */
export function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

// FNV-1a over UTF-16 code units: computed as a text is read, so a piece is never cut out of it.
export const FNV_START = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;
export function hashOf(text: string): number {
  let h = FNV_START;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

export function quote(lexeme: string): string {
  return `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}
