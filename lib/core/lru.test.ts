import { describe, expect, it } from "vitest";
import { Lru } from "./lru";

describe("Lru", () => {
  it("evicts the least recently used entry", () => {
    const c = new Lru<number>(2);
    c.set("a", 1);
    c.set("b", 2);
    expect(c.get("a")).toBe(1); // a is now the newest
    c.set("c", 3);
    expect(c.get("b")).toBeUndefined();
    expect(c.get("a")).toBe(1);
    expect(c.get("c")).toBe(3);
    expect(c.size).toBe(2);
  });

  it("bounds the entries' summed weight when given a weigh, evicting the oldest first", () => {
    const c = new Lru<string>(10, (v) => v.length);
    c.set("a", "xxxx");
    c.set("b", "yyyy");
    expect(c.weight).toBe(8);
    c.get("a");
    c.set("c", "zzz");
    // 11 > 10: b, the least recently used, goes.
    expect(c.get("b")).toBeUndefined();
    expect([c.get("a"), c.get("c")]).toEqual(["xxxx", "zzz"]);
    expect(c.weight).toBe(7);
    // Replacing an entry counts its new weight only.
    c.set("a", "x");
    expect(c.weight).toBe(4);
  });

  it("keeps the newest entry even when it alone weighs more than the bound", () => {
    const c = new Lru<string>(3, (v) => v.length);
    c.set("a", "xx");
    c.set("big", "xxxxxxxx");
    expect(c.get("a")).toBeUndefined();
    expect(c.get("big")).toBe("xxxxxxxx");
    expect(c.size).toBe(1);
  });
});
