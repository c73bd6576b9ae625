import { describe, expect, it } from "vitest";
import { cityHash, companyHash, textHash } from "./text-hash";

describe("text keys", () => {
  it("ignore case, surrounding space and Unicode composition", () => {
    expect(companyHash("  ACME GmbH ")).toBe(companyHash("acme gmbh"));
    expect(textHash("Zu\u0308rich")).toBe(textHash("Zürich"));
    expect(companyHash("Acme")).not.toBe(companyHash("Acme Inc."));
  });
  it("fit a signed 32-bit integer", () => {
    for (const s of ["", "a", "Berlin|DE", "x".repeat(500)]) {
      const k = textHash(s);
      expect(Number.isInteger(k) && k >= -(2 ** 31) && k < 2 ** 31).toBe(true);
    }
  });
  it("tell a city's countries apart", () => {
    expect(cityHash("Cambridge", "GB")).not.toBe(cityHash("Cambridge", "US"));
    expect(cityHash("berlin", "DE")).toBe(cityHash("Berlin", "DE"));
  });
});
