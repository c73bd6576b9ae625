import { describe, expect, it } from "vitest";
import { LineBuffer } from "./line-buffer";

describe("the request log's buffer", () => {
  it("hands lines out oldest first", () => {
    const b = new LineBuffer<number>(10);
    for (const n of [1, 2, 3]) b.push(n);
    expect(b.take(2)).toEqual([1, 2]);
    expect(b.take(5)).toEqual([3]);
    expect(b.size).toBe(0);
  });

  it("never holds more than its capacity, and counts what it dropped (the oldest)", () => {
    const b = new LineBuffer<number>(100);
    for (let i = 0; i < 10_000; i++) b.push(i);
    expect(b.size).toBeLessThanOrEqual(100);
    expect(b.size + b.dropped).toBe(10_000);
    const kept = b.take(100);
    expect(kept.at(-1)).toBe(9_999);
    expect(kept[0]).toBe(10_000 - kept.length);
  });

  it("puts failed lines back in front, dropping what no longer fits", () => {
    const b = new LineBuffer<number>(4);
    b.push(1);
    b.push(2);
    const failed = b.take(2);
    b.push(3);
    b.push(4);
    b.push(5);
    b.putBack(failed);
    expect(b.size).toBe(4);
    expect(b.dropped).toBe(1);
    expect(b.take(4)).toEqual([2, 3, 4, 5]);
  });
});
