import { describe, expect, it } from "vitest";
import { bitString } from "./word-bits-sql";

describe("bitString", () => {
  it("sets bit n at the nth character, bit 0 first, 1024 in all, and leaves out the numbers past them", () => {
    const s = bitString([0, 5, 1023, 1024, 1500]);
    expect(s).toHaveLength(1024);
    expect([...s].flatMap((c, i) => (c === "1" ? [i] : []))).toEqual([0, 5, 1023]);
  });
});
