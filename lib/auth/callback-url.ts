// Where next-auth may send a user after signing in. next-auth parses callbackUrl itself with
// `new URL()` and throws on one it cannot parse (an empty 500), so every callbackUrl is checked
// here first: a path or URL of our own origin is kept (as an absolute URL), anything else is
// dropped and next-auth uses its default (the site's home).

const MAX_LENGTH = 2048;

/** The URL to keep for `raw`, or null to drop it. `appOrigin` is APP_URL's origin. */
export function safeCallbackUrl(raw: unknown, appOrigin: string): string | null {
  if (typeof raw !== "string" || raw === "" || raw.length > MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw, `${appOrigin}/`);
  } catch {
    return null;
  }
  // "//evil.example/" and "https://evil.example/" resolve to another origin: dropped.
  if (url.origin !== appOrigin || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  // Re-parsed the way next-auth will (it throws on what it cannot parse).
  try {
    new URL(url.href);
  } catch {
    return null;
  }
  return url.href;
}
