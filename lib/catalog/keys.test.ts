import { describe, expect, it } from "vitest";
import { cityKey, companyKey, textKey } from "./keys";

describe("text keys", () => {
  it("ignore case, surrounding space and Unicode composition", () => {
    expect(companyKey("  ACME GmbH ")).toBe(companyKey("acme gmbh"));
    expect(textKey("Zu\u0308rich")).toBe(textKey("Zürich"));
    expect(companyKey("Acme")).not.toBe(companyKey("Acme Inc."));
  });
  it("fit a signed 32-bit integer", () => {
    for (const s of ["", "a", "Berlin|DE", "x".repeat(500)]) {
      const k = textKey(s);
      expect(Number.isInteger(k) && k >= -(2 ** 31) && k < 2 ** 31).toBe(true);
    }
  });
  it("tell a city's countries apart", () => {
    expect(cityKey("Cambridge", "GB")).not.toBe(cityKey("Cambridge", "US"));
    expect(cityKey("berlin", "DE")).toBe(cityKey("Berlin", "DE"));
  });
});
