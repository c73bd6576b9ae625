import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newEndpointSecret, signatureHeader, verifySignature } from "./signature";

const SECRET = "whsec_test_secret";
const BODY = '{"id":"evt_1","type":"ping"}';
const T = 1_700_000_000;

const hmacHex = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(payload).digest("hex");

describe("newEndpointSecret", () => {
  it("is whsec_ followed by 32 random bytes in base64url, different each time", () => {
    const a = newEndpointSecret();
    const b = newEndpointSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(6), "base64url")).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});

describe("signatureHeader", () => {
  it("matches an HMAC-SHA256 of '<t>.<body>' computed independently", () => {
    const expected = hmacHex(SECRET, `${T}.${BODY}`);
    expect(signatureHeader(SECRET, T, BODY)).toBe(`t=${T},v1=${expected}`);
  });

  it("matches a fixed vector", () => {
    // Computed once with: printf '%s' '1700000000.{"id":"evt_1","type":"ping"}' |
    //   openssl dgst -sha256 -hmac whsec_test_secret
    expect(signatureHeader(SECRET, T, BODY)).toBe(
      "t=1700000000,v1=74a11abdd08483d064a2a1571e7881b084c522f9f3ccd0b800ec8c74aba47fc2",
    );
  });

  it("adds one v1 per extra secret, for rotation overlaps", () => {
    const header = signatureHeader("whsec_new", T, BODY, ["whsec_old"]);
    expect(header).toBe(
      `t=${T},v1=${hmacHex("whsec_new", `${T}.${BODY}`)},v1=${hmacHex("whsec_old", `${T}.${BODY}`)}`,
    );
  });
});

describe("verifySignature", () => {
  const now = { nowSec: T + 10 };

  it("accepts its own signature and returns the timestamp", () => {
    expect(verifySignature(signatureHeader(SECRET, T, BODY), BODY, SECRET, now)).toEqual({
      ok: true,
      value: { timestamp: T },
    });
  });

  it("accepts raw bytes as the body", () => {
    const header = signatureHeader(SECRET, T, BODY);
    expect(verifySignature(header, Buffer.from(BODY), SECRET, now).ok).toBe(true);
  });

  it("refuses a tampered body", () => {
    const header = signatureHeader(SECRET, T, BODY);
    const result = verifySignature(header, BODY.replace("ping", "pong"), SECRET, now);
    expect(!result.ok && result.code).toBe("no_match");
  });

  it("refuses the wrong secret", () => {
    const header = signatureHeader(SECRET, T, BODY);
    const result = verifySignature(header, BODY, "whsec_other", now);
    expect(!result.ok && result.code).toBe("no_match");
  });

  it("refuses a timestamp changed after signing", () => {
    const header = signatureHeader(SECRET, T, BODY).replace(`t=${T}`, `t=${T + 5}`);
    const result = verifySignature(header, BODY, SECRET, now);
    expect(!result.ok && result.code).toBe("no_match");
  });

  it("refuses a signature older than the tolerance, and accepts one right at it", () => {
    const header = signatureHeader(SECRET, T, BODY);
    const old = verifySignature(header, BODY, SECRET, { nowSec: T + 301 });
    expect(!old.ok && old.code).toBe("too_old");
    expect(verifySignature(header, BODY, SECRET, { nowSec: T + 300 }).ok).toBe(true);
    expect(verifySignature(header, BODY, SECRET, { nowSec: T + 3600, toleranceSec: 7200 }).ok).toBe(true);
  });

  it("accepts a header with several v1 entries when any one matches", () => {
    const rotated = signatureHeader("whsec_new", T, BODY, ["whsec_old"]);
    expect(verifySignature(rotated, BODY, "whsec_old", now).ok).toBe(true);
    expect(verifySignature(rotated, BODY, "whsec_new", now).ok).toBe(true);
    const result = verifySignature(rotated, BODY, "whsec_third", now);
    expect(!result.ok && result.code).toBe("no_match");
  });

  it("ignores unknown schemes and spaces around entries", () => {
    const v1 = hmacHex(SECRET, `${T}.${BODY}`);
    const header = `t=${T}, v0=${"ab".repeat(32)}, v1=${v1}, v9=whatever`;
    expect(verifySignature(header, BODY, SECRET, now).ok).toBe(true);
  });

  it("calls a header malformed when it lacks t or v1, repeats t, or has a bad t", () => {
    const v1 = hmacHex(SECRET, `${T}.${BODY}`);
    for (const header of [
      "",
      "garbage",
      `v1=${v1}`,
      `t=${T}`,
      `t=${T},v0=${v1}`,
      `t=${T},v1=nothex`,
      `t=${T},t=${T},v1=${v1}`,
      `t=-1,v1=${v1}`,
      `t=1e9,v1=${v1}`,
    ]) {
      const result = verifySignature(header, BODY, SECRET, now);
      expect([header, !result.ok && result.code]).toEqual([header, "malformed"]);
    }
  });
});
