import { describe, expect, it } from "vitest";
import { DEMO_COUNTRIES } from "../catalog/demo/places";
import { CITY_ALIASES } from "./aliases";
import { citiesNamed, cityPoint } from "./gazetteer";
import { dominant, parseNear, resolveNear } from "./resolve";

const toCountry = (c: string) => (c.length === 2 ? c.toUpperCase() : c.toUpperCase() === "GBR" ? "GB" : null);
const near = (raw: string, scopeCountry?: string) => resolveNear(raw, { toCountry, scopeCountry });

describe("parseNear", () => {
  it("reads coordinates, a name, a name and country, a name, region and country", () => {
    expect(parseNear("52.52, 13.40", toCountry)).toEqual({ kind: "point", lat: 52.52, lng: 13.4 });
    expect(parseNear("-33.9,-151", toCountry)).toEqual({ kind: "point", lat: -33.9, lng: -151 });
    expect(parseNear("Berlin", toCountry)).toEqual({ kind: "name", name: "Berlin" });
    expect(parseNear("Leeds, GBR", toCountry)).toEqual({ kind: "name", name: "Leeds", country: "GB" });
    expect(parseNear("Springfield, MO, US", toCountry)).toEqual({
      kind: "name",
      name: "Springfield",
      admin: "MO",
      country: "US",
    });
  });
  it("refuses coordinates out of range", () => {
    expect(parseNear("91,0", toCountry)).toBeNull();
    expect(parseNear("0,181", toCountry)).toBeNull();
  });
});

describe("resolveNear", () => {
  it("resolves a city with its country, and a lone name one city dominates", () => {
    const leeds = near("Leeds, GB");
    expect(leeds.ok && leeds.value).toMatchObject({ label: "Leeds, GB" });
    const berlin = near("berlin");
    expect(berlin.ok && berlin.value).toMatchObject({ label: "Berlin, DE" });
    expect(berlin.ok && berlin.value.lat).toBeCloseTo(52.52, 1);
  });
  it("passes coordinates through", () => {
    expect(near("52.52,13.40")).toEqual({ ok: true, value: { lat: 52.52, lng: 13.4, label: "52.52,13.4" } });
  });
  it("refuses a name several countries share, listing the candidates with their countries", () => {
    const r = near("Cambridge");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.param).toBe("near");
    expect(r.message).toContain("Cambridge, GB (52.20,0.12");
    expect(r.message).toContain("Cambridge, CA");
  });
  it("refuses far-apart namesakes in one country, naming their regions, and takes a region", () => {
    const r = near("Springfield, US");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain("Springfield, IL, US");
    const il = near("Springfield, IL, US");
    expect(il.ok && il.value.lat).toBeCloseTo(39.8, 1);
    // "IL" is Israel's code too: with no Springfield there, the US state is meant.
    const state = near("Springfield, IL");
    expect(state.ok && state.value.lat).toBeCloseTo(39.8, 1);
  });
  it("looks a lone name up in the search's single country", () => {
    const r = near("Cambridge", "US");
    expect(r.ok && r.value.label).toBe("Cambridge, US");
  });
  it("suggests the closest known names for an unknown place, without echoing it", () => {
    const r = near("Leedz");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toContain("Leeds, GB");
    expect(r.message).not.toContain("Leedz");
  });
  it("refuses out-of-range coordinates and an empty name", () => {
    expect(near("-91,0").ok).toBe(false);
    expect(near(", GB").ok).toBe(false);
  });
});

describe("dominant", () => {
  it("takes the largest when five times any other far namesake, or when the rest are nearby", () => {
    const city = (population: number, lat: number) => ({
      name: "X",
      country: "XX",
      admin: "",
      population,
      lat,
      lng: 0,
    });
    expect(dominant([city(500, 0), city(100, 10)])?.population).toBe(500);
    expect(dominant([city(499, 0), city(100, 10)])).toBeNull();
    expect(dominant([city(200, 0), city(190, 0.2)])?.population).toBe(200);
  });
});

describe("the gazetteer", () => {
  it("places every city of the demo catalog in its country", () => {
    const missing = DEMO_COUNTRIES.flatMap((c) =>
      c.cities.filter((city) => !cityPoint(city, c.code)).map((city) => `${city}, ${c.code}`),
    );
    expect(missing).toEqual([]);
  });
  it("knows every alias's city", () => {
    const missing = CITY_ALIASES.filter(([, country, name]) => !citiesNamed(name, country).length);
    expect(missing).toEqual([]);
  });
  it("finds a city by alias, accent- and case-insensitively, the most populous of its namesakes", () => {
    expect(cityPoint("COLOGNE", "DE")?.lat).toBeCloseTo(50.93, 1);
    expect(cityPoint("Krakow", "PL")?.lat).toBeCloseTo(50.06, 1);
    expect(cityPoint("Frankfurt", "DE")?.lng).toBeCloseTo(8.68, 1);
    expect(cityPoint("Nowhere-on-Sea", "GB")).toBeNull();
  });
});
