import { describe, expect, it } from "vitest";
import { seal, unseal } from "./secret-box";

describe("sealed webhook secrets", () => {
  it("open to the same secret, and differ each time they are sealed", () => {
    const a = seal("whsec_abc");
    const b = seal("whsec_abc");
    expect(a).not.toBe(b);
    expect(a).not.toContain("whsec_abc");
    expect(unseal(a)).toBe("whsec_abc");
    expect(unseal(b)).toBe("whsec_abc");
  });

  it("refuse to open when altered or malformed", () => {
    const sealed = seal("whsec_abc");
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3] as string, "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    expect(unseal([parts[0], parts[1], parts[2], body.toString("base64url")].join("."))).toBeNull();
    expect(unseal("v2.a.b.c")).toBeNull();
    expect(unseal("nonsense")).toBeNull();
  });
});
