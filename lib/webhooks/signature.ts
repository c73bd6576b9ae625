// Signatures on webhook deliveries, in Stripe's scheme so receivers can reuse what they know:
// `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. The timestamp is signed with
// the body, so a captured delivery cannot be replayed later with a fresh `t`.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { clock } from "../core/clock";
import type { Result } from "../core/result";
import { fail, ok } from "../core/result";

export const SIGNATURE_HEADER = "Webhook-Signature";
export const ID_HEADER = "Webhook-Id";
export const SECRET_PREFIX = "whsec_";
export const DEFAULT_TOLERANCE_SEC = 300;

export type VerifyFailure = "malformed" | "no_match" | "too_old";

/** A new endpoint's signing secret: 32 random bytes, shown to its owner once. */
export function newEndpointSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

function sign(secret: string, timestampSec: number, body: string | Uint8Array): Buffer {
  // The whole secret, prefix included, is the key: receivers paste it in as they got it.
  return createHmac("sha256", secret).update(`${timestampSec}.`).update(body).digest();
}

/**
 * The header for one delivery. While an endpoint's secret is being rotated, the old secrets go
 * in `extraSecrets`: one v1 per secret, so receivers holding either one accept the delivery.
 */
export function signatureHeader(
  secret: string,
  timestampSec: number,
  body: string | Uint8Array,
  extraSecrets: string[] = [],
): string {
  const t = Math.floor(timestampSec);
  const signatures = [secret, ...extraSecrets].map((s) => `v1=${sign(s, t, body).toString("hex")}`);
  return [`t=${t}`, ...signatures].join(",");
}

/**
 * Checks a delivery's header against the raw body and one secret. `no_match` when no v1 entry
 * is the body's signature; `too_old` when one is but its timestamp is more than `toleranceSec`
 * in the past. Entries of other schemes (v0…) are ignored.
 */
export function verifySignature(
  header: string,
  body: string | Uint8Array,
  secret: string,
  options: { toleranceSec?: number; nowSec?: number } = {},
): Result<{ timestamp: number }, VerifyFailure> {
  const { toleranceSec = DEFAULT_TOLERANCE_SEC, nowSec = Math.floor(clock.now().getTime() / 1000) } = options;
  let timestamp: number | undefined;
  const candidates: Buffer[] = [];
  for (const item of header.split(",")) {
    const eq = item.indexOf("=");
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === "t") {
      // Two timestamps would leave it open which one was signed.
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value))
        return fail("malformed", "Bad or repeated t.");
      timestamp = Number(value);
    } else if (key === "v1" && /^[0-9a-fA-F]{64}$/.test(value)) candidates.push(Buffer.from(value, "hex"));
  }
  if (timestamp === undefined || candidates.length === 0)
    return fail("malformed", "The header needs a t and at least one v1 signature.");

  const expected = sign(secret, timestamp, body);
  // Every candidate is compared, in constant time each, so timing tells nothing of which matched.
  let matched = false;
  for (const candidate of candidates) if (timingSafeEqual(candidate, expected)) matched = true;
  if (!matched) return fail("no_match", "No signature matches this body and secret.");
  if (nowSec - timestamp > toleranceSec) return fail("too_old", "The signature's timestamp is too old.");
  return ok({ timestamp });
}
