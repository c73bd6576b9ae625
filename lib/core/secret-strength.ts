// Whether a server secret looks like one: a quick refusal of values a person typed or a template
// left in (32 × "a", "password" four times, "abcd…"), not a measure of real randomness. Random
// output of 32+ characters (openssl rand -hex 32, base64) always passes.

/** The repeating unit's length when the text is one shorter piece over and over, else 0. */
function period(text: string): number {
  for (let p = 1; p <= text.length / 2; p++) {
    let repeats = true;
    for (let i = p; i < text.length && repeats; i++) repeats = text[i] === text[i - p];
    if (repeats) return p;
  }
  return 0;
}

/** Bits of the text taken as independent draws from its own character frequencies. */
function estimatedBits(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / text.length) * Math.log2(n / text.length);
  return perChar * text.length;
}

/** Share of neighbouring characters one code point apart, as in "abcdef" or "654321". */
function runShare(text: string): number {
  let steps = 0;
  for (let i = 1; i < text.length; i++) {
    if (Math.abs(text.charCodeAt(i) - text.charCodeAt(i - 1)) === 1) steps++;
  }
  return text.length > 1 ? steps / (text.length - 1) : 1;
}

// 32 random hex characters (128 bits) estimate above 85 bits and show 8+ distinct characters.
const MIN_DISTINCT = 8;
const MIN_BITS = 80;

/** Why the secret is too predictable, or null. Never says anything about the value itself. */
export function weakSecretReason(secret: string): string | null {
  if (new Set(secret).size < MIN_DISTINCT) return `fewer than ${MIN_DISTINCT} different characters`;
  if (period(secret)) return "a short piece repeated";
  if (runShare(secret) > 0.5) return "mostly a run of neighbouring characters (abcd…, 1234…)";
  if (estimatedBits(secret) < MIN_BITS) return "too few random-looking characters";
  return null;
}
