import { describe, expect, it } from "vitest";
import { parseMarked } from "./keyword-search";
import { SNIPPET_MAX } from "./limits";

describe("parseMarked", () => {
  it("turns ts_headline's marks into plain text and code-point ranges", () => {
    const h = parseMarked("We run \u0002Kubernetes\u0003 and \u0002k8s\u0003.");
    expect(h.snippet).toBe("We run Kubernetes and k8s.");
    expect(h.matches).toEqual([
      { start: 7, end: 17 },
      { start: 22, end: 25 },
    ]);
  });
  it("collapses paragraphs to single spaces and moves the ranges along", () => {
    const h = parseMarked("Intro.\n\n  Use \u0002Spark\u0003 daily.");
    expect(h.snippet).toBe("Intro. Use Spark daily.");
    expect([...h.snippet].slice(h.matches[0]?.start, h.matches[0]?.end).join("")).toBe("Spark");
  });
  it("counts code points, so an emoji before a match does not shift it", () => {
    const h = parseMarked("😀 \u0002Go\u0003");
    expect([...h.snippet].slice(h.matches[0]?.start, h.matches[0]?.end).join("")).toBe("Go");
  });
  it("cuts a snippet longer than SNIPPET_MAX and keeps only the ranges inside it", () => {
    const h = parseMarked(`\u0002go\u0003 ${"x".repeat(SNIPPET_MAX)} \u0002go\u0003`);
    expect([...h.snippet].length).toBe(SNIPPET_MAX);
    expect(h.matches).toEqual([{ start: 0, end: 2 }]);
  });
});
