import { describe, expect, it } from "vitest";
import { isDemoLabel } from "./home-example";

describe("isDemoLabel", () => {
  it("knows the demo generator's snapshots from imported ones", () => {
    expect(isDemoLabel("demo: 20000 jobs, seed 42")).toBe(true);
    expect(isDemoLabel("2026-11 export")).toBe(false);
    expect(isDemoLabel(null)).toBe(false);
  });
});
