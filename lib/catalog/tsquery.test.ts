import { describe, expect, it } from "vitest";
import { titleTerms, titleToTsQuery } from "./tsquery";

describe("titleToTsQuery", () => {
  it("lower-cases, splits on non-letters and matches prefixes", () => {
    expect(titleToTsQuery("Senior ENGIN")).toBe("senior:* & engin:*");
    expect(titleToTsQuery("  c++ / Go-lang ")).toBe("c & go:* & lang:*");
  });

  it("keeps letters of any script and drops tsquery syntax", () => {
    expect(titleToTsQuery("Ingénieur (m/w/d)")).toBe("ingénieur:* & m & w & d");
    expect(titleToTsQuery("a:* | !b & 'c'")).toBe("a & b & c");
  });

  it("splits punctuation the way the import does", () => {
    expect(titleTerms("UI/UX Designer")).toEqual(["ui", "ux", "designer"]);
    expect(titleTerms("Node.js Developer - AWS/GCP")).toEqual(["node", "js", "developer", "aws", "gcp"]);
    expect(titleTerms("Sr./Lead")).toEqual(["sr", "lead"]);
    expect(titleTerms("Cafe\u0301 Manager")).toEqual(["café", "manager"]); // NFD input
    expect(titleTerms("İstanbul")).toHaveLength(1);
  });

  it("drops repeated words, caps the term count, and gives null for nothing", () => {
    expect(titleToTsQuery("dev dev DEV")).toBe("dev:*");
    expect(titleToTsQuery("a b c d e f g h i j")?.split(" & ")).toHaveLength(8);
    expect(titleToTsQuery("!!!")).toBeNull();
  });
});
