import { describe, expect, it } from "vitest";
import { deepFreeze } from "./freeze";

describe("deepFreeze", () => {
  it("freezes objects and arrays at every depth and returns the same value", () => {
    const v = { a: [{ b: 1 }], c: { d: { e: "x" } }, f: null };
    expect(deepFreeze(v)).toBe(v);
    expect(Object.isFrozen(v)).toBe(true);
    expect(Object.isFrozen(v.a)).toBe(true);
    expect(Object.isFrozen(v.a[0])).toBe(true);
    expect(Object.isFrozen(v.c.d)).toBe(true);
    expect(() => {
      (v.a[0] as { b: number }).b = 2;
    }).toThrow(TypeError);
  });

  it("leaves primitives and null as they are", () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBe(null);
    expect(deepFreeze("s")).toBe("s");
  });
});
