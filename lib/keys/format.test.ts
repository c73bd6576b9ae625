import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { containsKeyLikeText, generateKey, hashSecret, keyHint, looksLikeKey, sameHash } from "./format";

describe("API key format", () => {
  it("has the vendor prefix, 178 bits of base62 and a checksum", () => {
    const key = generateKey();
    expect(key).toMatch(/^jsk_[0-9A-Za-z]{36}$/);
    expect(looksLikeKey(key)).toBe(true);
  });

  it("is different every time", () => {
    const keys = new Set(Array.from({ length: 1000 }, generateKey));
    expect(keys.size).toBe(1000);
  });

  it("rejects a single mistyped character, truncation and other prefixes", () => {
    const key = generateKey();
    for (let i = 4; i < key.length; i++) {
      const c = key[i] === "a" ? "b" : "a";
      expect(looksLikeKey(key.slice(0, i) + c + key.slice(i + 1))).toBe(false);
    }
    expect(looksLikeKey(key.slice(0, -1))).toBe(false);
    expect(looksLikeKey(`sk_${key.slice(4)}`)).toBe(false);
    expect(looksLikeKey(`${key} `)).toBe(false);
    expect(looksLikeKey("")).toBe(false);
  });

  it("hashes with the server secret and compares hashes in constant time", () => {
    const key = generateKey();
    const h = hashSecret(key, "s".repeat(32));
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toBe(hashSecret(key, "t".repeat(32)));
    expect(sameHash(h, hashSecret(key, "s".repeat(32)))).toBe(true);
    expect(sameHash(h, "00".repeat(32))).toBe(false);
  });

  it("hashes exactly as HMAC-SHA-256 does, for short, long and non-ASCII server secrets", () => {
    const secrets = ["s".repeat(32), "k".repeat(64), "long".repeat(40), "ключ-🔑", ""];
    for (const serverSecret of secrets)
      for (const secret of [generateKey(), "", "x".repeat(200), "jsk_ä"]) {
        const expected = createHmac("sha256", serverSecret).update(secret).digest("hex");
        expect(hashSecret(secret, serverSecret)).toBe(expected);
      }
  });

  it("shows only a hint", () => {
    const key = generateKey();
    expect(keyHint(key)).toBe(`jsk_…${key.slice(-4)}`);
  });

  it("spots key-like text", () => {
    expect(containsKeyLikeText(`x=${generateKey()}`)).toBe(true);
    expect(containsKeyLikeText("jsk_short")).toBe(false);
  });
});
