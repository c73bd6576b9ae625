// Four-byte hashes for case-insensitive exact matches (company, city): an index leads with the
// hash and the query rechecks the text, so a hash collision can never return a wrong job.

/** 32-bit FNV-1a of the NFC, lower-cased, trimmed text, as a signed int (Postgres INTEGER). */
export function textHash(text: string): number {
  const s = text.normalize("NFC").trim().toLowerCase();
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

export const companyHash = (company: string) => textHash(company);
/** A city is only meaningful within its country: "Cambridge|GB" and "Cambridge|US" differ. */
export const cityHash = (city: string, alpha2: string) => textHash(`${city}|${alpha2}`);
