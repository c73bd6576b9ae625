// Weak ETags over the exact response body: the tag changes when, and only when, the body does.
import { hash } from "node:crypto";

export function weakETag(body: string): string {
  // The one-shot hash: no Hash object per response.
  return `W/"${hash("sha1", body, "base64url")}"`;
}

/** RFC 9110 weak comparison against an If-None-Match value (one tag, a list, or *). */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const ours = opaque(etag);
  return header.split(",").some((tag) => opaque(tag) === ours);
}
