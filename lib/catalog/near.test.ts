import { describe, expect, it } from "vitest";
import { resolveCountryFilter } from "./countries";
import { nearFilter, RADIUS_DEFAULT_KM } from "./near";

describe("nearFilter", () => {
  it("is nothing without near, and refuses radius_km or sort=distance alone", () => {
    expect(nearFilter({}, undefined)).toEqual({ ok: true, value: undefined });
    expect(nearFilter({ radius_km: 10 }, undefined)).toMatchObject({ ok: false, param: "radius_km" });
    expect(nearFilter({ sort: "distance" }, undefined)).toMatchObject({ ok: false, param: "sort" });
  });
  it("resolves the place, with the default radius or the one given", () => {
    const r = nearFilter({ near: "Leeds, GBR" }, undefined);
    expect(r.ok && r.value).toMatchObject({ label: "Leeds, GB", radiusKm: RADIUS_DEFAULT_KM });
    const wide = nearFilter({ near: "52.5,13.4", radius_km: 300 }, undefined);
    expect(wide.ok && wide.value).toEqual({ lat: 52.5, lng: 13.4, label: "52.5,13.4", radiusKm: 300 });
  });
  it("looks a lone name up in a single country filter, not in a region", () => {
    const us = nearFilter({ near: "Cambridge" }, resolveCountryFilter("US") ?? undefined);
    expect(us.ok && us.value?.lat).toBeCloseTo(42.38, 1);
    expect(nearFilter({ near: "Cambridge" }, resolveCountryFilter("EU") ?? undefined)).toMatchObject({
      ok: false,
      param: "near",
    });
  });
});
