import { describe, expect, it } from "vitest";
import { ifNoneMatchHits, weakETag } from "./etag";

describe("weakETag", () => {
  it("is weak, stable for equal bodies and different for different bodies", () => {
    expect(weakETag('{"a":1}')).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(weakETag('{"a":1}')).toBe(weakETag('{"a":1}'));
    expect(weakETag('{"a":1}')).not.toBe(weakETag('{"a":2}'));
  });
});

describe("ifNoneMatchHits", () => {
  const tag = weakETag("x");
  it("matches a single tag, weak or strong form", () => {
    expect(ifNoneMatchHits(tag, tag)).toBe(true);
    expect(ifNoneMatchHits(tag.slice(2), tag)).toBe(true);
  });
  it("matches inside a list and matches *", () => {
    expect(ifNoneMatchHits(`W/"other", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits("*", tag)).toBe(true);
  });
  it("does not match other or missing tags", () => {
    expect(ifNoneMatchHits('W/"other"', tag)).toBe(false);
    expect(ifNoneMatchHits(null, tag)).toBe(false);
  });
});
