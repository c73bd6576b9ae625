// Place names compared as people type them: case, accents and punctuation do not matter.

// Letters that Unicode does not decompose into a base letter and a mark.
const SPECIAL: Record<string, string> = {
  ß: "ss",
  ł: "l",
  Ł: "l",
  ø: "o",
  Ø: "o",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  đ: "d",
  Đ: "d",
  ı: "i",
  þ: "th",
  Þ: "th",
  ð: "d",
  Ð: "d",
};

/** "Kraków" → "krakow", "Washington, D.C." → "washington d c", "Zürich" → "zurich". */
export function foldName(name: string): string {
  // Most names are plain ASCII words: lower-casing is all they need.
  if (/^[A-Za-z]+( [A-Za-z]+)*$/.test(name)) return name.toLowerCase();
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßłŁøØæÆœŒđĐıþÞðÐ]/g, (c) => SPECIAL[c] ?? c)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
