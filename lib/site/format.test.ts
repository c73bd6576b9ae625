import { describe, expect, it } from "vitest";
import { jobsFound, payStandingText, typedText, valueText } from "./format";

describe("typedText", () => {
  it("cuts at whole characters, never inside an emoji's surrogate pair", () => {
    const text = `${"a".repeat(59)}😀😀`;
    expect(typedText(text)).toBe(`${"a".repeat(59)}😀`);
    expect(typedText("Zürich")).toBe("Zürich");
  });

  it("gives nothing for text with a control character or a lone surrogate", () => {
    expect(typedText("Berlin\u0000")).toBe("");
    expect(typedText("x\uD800")).toBe("");
  });
});

describe("valueText", () => {
  it("names work arrangements and seniority as the site writes them", () => {
    expect(valueText("on_site")).toBe("On site");
    expect(valueText("remote")).toBe("Remote");
    expect(valueText("mid")).toBe("Mid-level");
    expect(valueText(null)).toBeNull();
  });
});

describe("jobsFound", () => {
  it("says when a total is only a lower bound", () => {
    expect(jobsFound(1, true)).toBe("1 job");
    expect(jobsFound(1289, true)).toBe("1,289 jobs");
    expect(jobsFound(21, false)).toBe("At least 21 jobs");
  });
});

describe("payStandingText", () => {
  it("says where a job's pay stands, and nothing when it has no place", () => {
    expect(payStandingText(62, "Data Engineer", "Germany")).toBe(
      "Pays more than 62 % of advertised Data Engineer pay in Germany",
    );
    expect(payStandingText(0, "Nurse", "France")).toBe("At the low end of advertised Nurse pay in France");
    expect(payStandingText(null, "Nurse", "France")).toBeNull();
  });
});
