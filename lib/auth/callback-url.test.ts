import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "./callback-url";

const ORIGIN = "http://localhost:3000";
const safe = (raw: unknown) => safeCallbackUrl(raw, ORIGIN);

describe("safeCallbackUrl", () => {
  it("keeps our own paths and URLs, as absolute URLs", () => {
    expect(safe("/studio")).toBe("http://localhost:3000/studio");
    expect(safe("/studio?tab=keys#x")).toBe("http://localhost:3000/studio?tab=keys#x");
    expect(safe("http://localhost:3000/jobs?title=a%20b")).toBe("http://localhost:3000/jobs?title=a%20b");
  });

  it.each([
    ["an invalid port", "http://a:99999999/"],
    ["an invalid port on our host", "http://localhost:99999999/studio"],
    ["another origin", "https://evil.example/"],
    ["a protocol-relative URL", "//evil.example/"],
    ["a backslash trick", "/\\evil.example/"],
    ["another port", "http://localhost:3001/"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,x"],
    ["an empty value", ""],
    ["a huge value", `/${"a".repeat(5000)}`],
    ["a non-string", ["/studio"]],
    ["a number", 7],
  ])("drops %s", (_, raw) => {
    expect(safe(raw)).toBeNull();
  });

  it("never keeps a line break (a header injection in Location)", () => {
    expect(safe("/studio\r\nSet-Cookie: x=1")).toBe("http://localhost:3000/studioSet-Cookie:%20x=1");
  });
});
