// API key format: "jsk_" + 30 base62 characters (178 bits from the CSPRNG) + a 6-character
// base62 CRC32 of everything before it, as GitHub's tokens do. The checksum lets a mistyped
// or truncated key be refused before any database or Redis call; it is not a secret.
import { hash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";

export const KEY_PREFIX = "jsk_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY_LENGTH = 30;
const CHECK_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECK_LENGTH}}$`);

function base62(n: number, width: number): string {
  let out = "";
  for (let i = 0; i < width; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECK_LENGTH);
}

/** Unbiased base62 characters from the CSPRNG. */
export function randomBase62(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(62)];
  return out;
}

export function generateKey(): string {
  const body = KEY_PREFIX + randomBase62(BODY_LENGTH);
  return body + checksum(body);
}

/** Shape and checksum only: no I/O. */
export function looksLikeKey(value: string): boolean {
  if (!KEY_PATTERN.test(value)) return false;
  const body = value.slice(0, -CHECK_LENGTH);
  return checksum(body) === value.slice(-CHECK_LENGTH);
}

/** Loose detector for keys pasted where they do not belong (query strings). */
export function containsKeyLikeText(value: string): boolean {
  return /jsk_[0-9A-Za-z]{20,}/.test(value);
}

const BLOCK = 64; // SHA-256's block size in bytes
let pads: { serverSecret: string; inner: Buffer; outer: Buffer } | undefined;

/** K ⊕ ipad and K ⊕ opad (RFC 2104), made once per server secret. */
function padsFor(serverSecret: string) {
  if (pads?.serverSecret === serverSecret) return pads;
  let key = Buffer.from(serverSecret, "utf8");
  if (key.length > BLOCK) key = hash("sha256", key, "buffer");
  const inner = Buffer.alloc(BLOCK, 0x36);
  const outer = Buffer.alloc(BLOCK, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i] = (inner[i] ?? 0) ^ (key[i] ?? 0);
    outer[i] = (outer[i] ?? 0) ^ (key[i] ?? 0);
  }
  pads = { serverSecret, inner, outer };
  return pads;
}

/**
 * HMAC-SHA-256 (hex) of a secret under the server's key: what the database stores. Computed
 * as RFC 2104 defines it, H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)), from two one-shot hashes with
 * pads made once per server secret: setting up Node's Hmac object on every keyed request costs
 * several times the hashing itself (docs/performance.md).
 */
export function hashSecret(secret: string, serverSecret: string): string {
  const { inner, outer } = padsFor(serverSecret);
  const innerHash = hash("sha256", Buffer.concat([inner, Buffer.from(secret, "utf8")]), "buffer");
  return hash("sha256", Buffer.concat([outer, innerHash]), "hex");
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "jsk_…Ab3d" */
export function keyHint(key: string): string {
  return `${KEY_PREFIX}…${key.slice(-4)}`;
}

export function newKeyId(): string {
  return `key_${randomBytes(12).toString("base64url")}`;
}

/** Confirmation links carry a separate secret: 256 bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}
