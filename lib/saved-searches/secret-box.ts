// Webhook secrets at rest: each delivery is signed with its endpoint's secret, so the server must
// be able to read it back; it is kept sealed (AES-256-GCM) under a key derived from the server's
// own secret, so a copy of the database alone does not let anyone forge deliveries.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "../core/env";

const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", env().KEY_HASH_SECRET, "", "saved-search webhook secrets", 32));
}

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

/** The secret, or null when the text was sealed under another server secret or altered. */
export function unseal(sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}
