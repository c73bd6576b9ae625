import { describe, expect, it } from "vitest";
import { bestCorrection, editDistance } from "./corrections";

describe("editDistance", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("pyhton", "python")).toBe(1);
    expect(editDistance("kubernets", "kubernetes")).toBe(1);
    expect(editDistance("nurse", "nurse")).toBe(0);
    expect(editDistance("javascirpt", "javascript")).toBe(1);
    expect(editDistance("abc", "")).toBe(3);
  });
});

describe("bestCorrection", () => {
  const c = (term: string, similarity = 0.3, jobs = 10) => ({ term, similarity, jobs });
  it("takes the fewest edits, then the most similar, then the most common", () => {
    expect(bestCorrection("pyhton", [c("pylon", 0.4), c("python", 0.27)])).toBe("python");
    expect(bestCorrection("nurce", [c("nurse", 0.3, 5), c("nurcexx", 0.5)])).toBe("nurse");
    expect(bestCorrection("bta", [c("beta", 0.2, 5), c("bat", 0.2, 50)])).toBe("bat");
  });
  it("refuses candidates too far away, and the word itself", () => {
    expect(bestCorrection("java", [c("lava"), c("jabba")])).toBe("lava");
    expect(bestCorrection("jav", [c("kafka")])).toBeNull();
    expect(bestCorrection("python", [c("python")])).toBeNull();
    expect(bestCorrection("kubrentes", [c("kubernetes")])).toBe("kubernetes");
  });
});
