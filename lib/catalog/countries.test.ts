import { describe, expect, it } from "vitest";
import { countryFromName, countryName, regionsOf, resolveCountryFilter, toAlpha2 } from "./countries";

describe("country filter", () => {
  it("accepts alpha-2 and alpha-3 in any case", () => {
    expect(toAlpha2("de")).toBe("DE");
    expect(toAlpha2("DEU")).toBe("DE");
    expect(toAlpha2("gbr")).toBe("GB");
    expect(toAlpha2("uk")).toBe("GB");
  });

  it("rejects what is not a country", () => {
    expect(toAlpha2("ZZ")).toBeNull();
    expect(toAlpha2("ZZZZZ")).toBeNull();
    expect(toAlpha2("D")).toBeNull();
    expect(toAlpha2("1E")).toBeNull();
    expect(resolveCountryFilter("ZZZZZ")).toBeNull();
  });

  it("expands region codes", () => {
    const eu = resolveCountryFilter("eu");
    expect(eu?.kind).toBe("region");
    expect(eu?.countries).toHaveLength(27);
    expect(eu?.countries).toContain("DE");
    expect(resolveCountryFilter("DACH")?.countries).toEqual(["DE", "AT", "CH"]);
    expect(resolveCountryFilter("fr")).toEqual({ kind: "country", code: "FR", countries: ["FR"] });
  });

  it("knows which regions a country is in", () => {
    expect(regionsOf("DE")).toEqual(["EU", "EEA", "DACH"]);
    expect(regionsOf("NO")).toEqual(["EEA", "NORDICS"]);
    expect(regionsOf("US")).toEqual([]);
  });

  it("finds countries by name", () => {
    expect(countryFromName("Germany")).toBe("DE");
    expect(countryFromName("germany")).toBe("DE");
    expect(countryFromName("United States")).toBe("US");
    expect(countryFromName("USA")).toBe("US");
    expect(countryFromName("Berlin")).toBeNull();
    expect(countryName("US")).toBe("United States");
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("TW")).toBe("Taiwan");
    expect(countryName("DE")).toBe("Germany");
  });
});
