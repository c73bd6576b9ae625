import { describe, expect, it } from "vitest";
import { nonceOf } from "./page-nonce";
import { pageCsp } from "./security-headers";

describe("nonceOf", () => {
  it("reads the nonce back from the pages' policy", () => {
    expect(nonceOf(pageCsp("q6Z+0Lx/9wA1b2c3d4e5fA==", false))).toBe("q6Z+0Lx/9wA1b2c3d4e5fA==");
    expect(nonceOf(pageCsp("abc", true))).toBe("abc");
  });

  it("is undefined without a policy or a nonce", () => {
    expect(nonceOf(null)).toBeUndefined();
    expect(nonceOf("default-src 'self'")).toBeUndefined();
  });
});
