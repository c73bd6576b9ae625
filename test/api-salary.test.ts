// HTTP-level tests of GET /v1/salary.
import { beforeAll, describe, expect, it } from "vitest";
import { SalaryResponseSchema } from "@/lib/catalog/salary-schemas";
import { ErrorBodySchema } from "./support/error-shape";
import { loadCatalog } from "./support/fixtures";
import { getJson } from "./support/http";

beforeAll(async () => {
  await loadCatalog();
});

describe("GET /v1/salary", () => {
  it("looks up a country median by code", async () => {
    for (const country of ["DE", "de", "DEU"]) {
      const { status, body } = await getJson(`/v1/salary?country=${country}`);
      expect(status).toBe(200);
      expect(SalaryResponseSchema.parse(body)).toEqual({
        matched_on: "country",
        level: "country",
        location: "Germany",
        country: "DE",
        median: 60000,
        currency: "EUR",
        period: "year",
        sample_size: 1000,
        as_of: "2026-11-01",
      });
    }
  });

  it("prefers country over title when both are given", async () => {
    const { body } = await getJson("/v1/salary?country=US&title=Berlin");
    expect(body).toMatchObject({ matched_on: "country", country: "US", median: 80000 });
  });

  it("treats a lone title as a location: city, country name, or city with country", async () => {
    expect((await getJson("/v1/salary?title=berlin")).body).toMatchObject({
      matched_on: "title_as_location",
      level: "city",
      location: "Berlin",
      median: 65000,
    });
    expect((await getJson("/v1/salary?title=Germany")).body).toMatchObject({
      matched_on: "title_as_location",
      level: "country",
      country: "DE",
    });
    expect((await getJson("/v1/salary?title=sao%20paulo")).body).toMatchObject({
      location: "São Paulo",
      country: "BR",
    });
    expect((await getJson("/v1/salary?title=Cambridge")).body).toMatchObject({ country: "GB" }); // larger sample wins
    expect((await getJson("/v1/salary?title=Cambridge,%20United%20States")).body).toMatchObject({
      country: "US",
      currency: "USD",
    });
    expect((await getJson("/v1/salary?title=Cambridge,%20US")).body).toMatchObject({ country: "US" });
  });

  it("404 not_found when no snapshot matches", async () => {
    for (const q of ["country=FR", "title=Atlantis", "title=Berlin,%20France", "title=Cambridge,%20Narnia"]) {
      const { status, body } = await getJson(`/v1/salary?${q}`);
      expect(status).toBe(404);
      expect(ErrorBodySchema.parse(body).error.code).toBe("not_found");
    }
  });

  it("400 when neither parameter is given, or a value is invalid", async () => {
    for (const [q, param] of [
      ["", "country"],
      ["country=ZZZZZ", "country"],
      ["country=EU", "country"],
      ["title=", "title"],
      ["tz=Nope", "tz"],
      ["city=Berlin", "city"],
    ] as const) {
      const { status, body } = await getJson(`/v1/salary?${q}`);
      expect(status).toBe(400);
      expect(ErrorBodySchema.parse(body).error).toMatchObject({ code: "invalid_parameter", param });
    }
  });

  it("adds reset_local for a time zone", async () => {
    const { body } = await getJson("/v1/salary?country=DE&tz=Europe/Berlin");
    expect(body.reset_local).toMatch(/T01:00:00\+01:00$|T02:00:00\+02:00$/);
  });
});
