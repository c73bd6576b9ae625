import { describe, expect, it } from "vitest";
import { countryFromInput } from "./search";

describe("countryFromInput", () => {
  it.each([
    ["Germany", "DE"],
    ["germany", "DE"],
    [" GERMANY ", "DE"],
    ["DE", "DE"],
    ["de", "DE"],
    ["DEU", "DE"],
    ["UK", "GB"],
    ["United Kingdom", "GB"],
    ["United States", "US"],
    ["USA", "US"],
    ["EU", "EU"],
    ["dach", "DACH"],
    ["Nordics", "NORDICS"],
    ["European Union", "EU"],
  ])("%s → %s", (input, code) => {
    expect(countryFromInput(input)?.code).toBe(code);
  });

  it("names what it found", () => {
    expect(countryFromInput("deu")).toEqual({ code: "DE", label: "Germany" });
    expect(countryFromInput("DACH")?.label).toBe("Germany, Austria, Switzerland");
  });

  it("knows nothing of made-up places", () => {
    for (const input of ["ZZZZZ", "Atlantis", "XX", ""]) expect(countryFromInput(input)).toBeNull();
  });
});
