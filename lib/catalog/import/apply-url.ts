// Only links a browser can follow safely leave the API: http(s) with a host, or mailto with
// one address (and at most a subject). Everything else (javascript:, data:, relative paths,
// junk) becomes "".
import { textLine } from "./html-text";

const MAX_LENGTH = 2048;
const SUBJECT_LENGTH = 200;

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
  if (url.protocol === "mailto:") return cleanMailto(url);
  return "";
}

/**
 * A mailto link keeps one address and at most its subject. Every other header is dropped: "cc",
 * "bcc" and "to" would copy the application to addresses the applicant never sees, "body" would
 * put the feed's words in the applicant's mouth, and other headers have no business in a link.
 * The subject is plain text of at most SUBJECT_LENGTH characters, on one line.
 */
function cleanMailto(url: URL): string {
  let address: string;
  try {
    address = decodeURIComponent(url.pathname);
  } catch {
    return "";
  }
  // One plain address: nothing that a mail program could read as a second one or as a header.
  if (!/^[\p{L}\p{N}._+'-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u.test(address)) return "";
  const out = `mailto:${url.pathname}`;
  let subject = "";
  for (const [name, value] of url.searchParams)
    if (name.toLowerCase() === "subject") {
      subject = textLine(value).slice(0, SUBJECT_LENGTH).trim();
      break;
    }
  return subject ? `${out}?subject=${encodeURIComponent(subject)}` : out;
}
