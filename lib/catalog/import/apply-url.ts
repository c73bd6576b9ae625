// Only links a browser can follow safely leave the API: http(s) with a host, or mailto with
// an address. Everything else (javascript:, data:, relative paths, junk) becomes "".
const MAX_LENGTH = 2048;

export function cleanApplyUrl(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const value = raw.trim();
  if (!value || value.length > MAX_LENGTH) return "";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "";
  }
  // Normalising can grow a URL (percent-encoding), so the length is checked on the result too.
  const out = url.toString();
  if (out.length > MAX_LENGTH) return "";
  if (url.protocol === "http:" || url.protocol === "https:") {
    return url.hostname.includes(".") && !url.username && !url.password ? out : "";
  }
  if (url.protocol === "mailto:") {
    let address: string;
    try {
      address = decodeURIComponent(url.pathname);
    } catch {
      return "";
    }
    return /^[^@\s/?]+@[^@\s/?]+\.[^@\s/?]+$/.test(address) ? out : "";
  }
  return "";
}
