import { describe, expect, it } from "vitest";
import { companyHash } from "../text-hash";
import { CompanyKeys } from "./company-keys";

// Found by search: two names with one FNV-1a key.
const ONE = "Acme 15zx GmbH";
const OTHER = "Acme cpcd GmbH";

describe("CompanyKeys", () => {
  it("records a key two different names share", () => {
    expect(companyHash(ONE)).toBe(companyHash(OTHER));
    const keys = new CompanyKeys();
    for (const name of [ONE, "Juniper Tech AG", ONE, OTHER, OTHER]) keys.add(name);
    expect(keys.shared()).toEqual([companyHash(ONE)]);
  });

  it("does not take one name written in other case, spacing or composition for two", () => {
    const keys = new CompanyKeys();
    for (const name of ["Nestlé", "NESTLÉ", " nestlé ", "Nestle\u0301", ONE]) keys.add(name);
    expect(keys.shared()).toEqual([]);
  });
});
