import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { weakSecretReason } from "./secret-strength";

describe("weakSecretReason", () => {
  it("refuses typed or templated values", () => {
    expect(weakSecretReason("a".repeat(32))).toMatch(/different characters/);
    expect(weakSecretReason("ab".repeat(16))).toMatch(/different characters/);
    expect(weakSecretReason("password".repeat(4))).toMatch(/different characters|repeated/);
    expect(weakSecretReason("0123456789".repeat(4))).toMatch(/repeated/);
    expect(weakSecretReason("abcdefghijklmnopqrstuvwxyz012345")).toMatch(/run/);
    expect(weakSecretReason("k".repeat(40))).not.toBeNull();
  });

  it("passes random output of 32 characters and more, every time", () => {
    for (let i = 0; i < 2000; i++) {
      expect(weakSecretReason(randomBytes(16).toString("hex"))).toBeNull();
      expect(weakSecretReason(randomBytes(24).toString("base64"))).toBeNull();
      expect(weakSecretReason(randomBytes(32).toString("base64url"))).toBeNull();
    }
    expect(weakSecretReason("my company's secret for production, 2026!")).toBeNull();
  });
});
