// Four-byte hashes for case-insensitive exact matches (company, city): an index leads with the
// hash and the query rechecks the text, so a hash collision can never return a wrong job.

/** A name as it is stored and compared as text: composed (NFC) and trimmed. */
export const composed = (text: string) => text.normalize("NFC").trim();
/** The text as its hashes read it: composed, lower-cased. */
const folded = (text: string) => composed(text).toLowerCase();

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** 32-bit FNV-1a of the NFC, lower-cased, trimmed text, as a signed int (Postgres INTEGER). */
export const textHash = (text: string): number => fnv1a(folded(text));

export const companyHash = (company: string) => textHash(company);
/** A city is only meaningful within its country: "Cambridge|GB" and "Cambridge|US" differ. */
export const cityHash = (city: string, alpha2: string) => textHash(`${city}|${alpha2}`);

/**
 * The key and a second, unrelated hash of the same folded text (a multiply and xor-shift mix,
 * not FNV): two names with one key almost never share this too, so the import can tell, without
 * keeping every name, that a key stands for more than one.
 */
export function keyAndCheck(text: string): { key: number; check: number } {
  const s = folded(text);
  let h = 0x9e3779b9;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 13;
  }
  return { key: fnv1a(s), check: h | 0 };
}
