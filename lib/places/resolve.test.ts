import { describe, expect, it } from "vitest";
import { toAlpha2 } from "../catalog/countries";
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
    expect(parseNear("Leeds, GBR", toCountry)).toEqual({
      kind: "name",
      name: "Leeds",
      country: "GB",
      written: "GBR",
    });
    expect(parseNear("Springfield, MO, US", toCountry)).toEqual({
      kind: "name",
      name: "Springfield",
      admin: "MO",
      country: "US",
      written: "US",
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
  it("writes each candidate so that sending it back picks that very city", () => {
    let checked = 0;
    for (const name of [
      "Cambridge",
      "Springfield, US",
      "Jinzhou",
      "Brandon",
      "Burbank",
      "San Miguel",
      "Santa Cruz",
    ]) {
      const r = near(name);
      if (r.ok) throw new Error(`${name} resolved`);
      const list = r.message.slice(r.message.indexOf(": ", 6) + 2, r.message.indexOf(". Pick one"));
      for (const m of list.matchAll(/(?:^|\); )(.+?) \(([^)]*?)(?:\)|$)/g)) {
        const [pick, inside] = [m[1] as string, m[2] as string];
        const back = near(pick);
        if (!back.ok) throw new Error(`${name}: "${pick}" does not resolve`);
        const point = /^-?\d/.test(pick) ? pick : (inside.split(";")[0] as string);
        const [lat, lng] = point.split(",").map(Number) as [number, number];
        // The label's coordinates are rounded to 0.01 degrees.
        const off = Math.max(Math.abs(back.value.lat - lat), Math.abs(back.value.lng - lng));
        expect({ name, pick, near: off < 0.006 }).toEqual({ name, pick, near: true });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });
  it("reads two letters that name no country as a US state, and three letters as a country only", () => {
    const real = (raw: string) => resolveNear(raw, { toCountry: toAlpha2 });
    const austin = real("Austin, TX");
    expect(austin.ok && austin.value.lat).toBeCloseTo(30.3, 1);
    expect(real("Springfield, IL").ok).toBe(true);
    // COL is Colombia, which has no Aurora: not Aurora, Colorado.
    const aurora = real("Aurora, COL");
    expect(aurora.ok).toBe(false);
    if (!aurora.ok) expect(aurora.message).toContain("in that country");
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
