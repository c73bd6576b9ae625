// Coordinates at import, through the real importer and API: a posting's jobLocation.geo, the
// latitude/longitude columns of CSV and JSON Lines, else the city's centre from the gazetteer;
// a pair that is not valid is dropped (and counted), never refused.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSnapshot } from "@/lib/catalog/import/load";
import { readFile } from "@/lib/catalog/import/read";
import { JOB_COLUMNS } from "@/lib/catalog/import/records";
import { getJson } from "./support/http";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "import-coordinates-"));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function importFile(name: string, content: string) {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return importSnapshot(process.env.DATABASE_URL!, { label: name, jobs: readFile(file, JOB_COLUMNS) });
}

async function coordinates(id: string) {
  const { status, body } = await getJson(`/v1/jobs/${id}`);
  expect(status, id).toBe(200);
  return { latitude: body.latitude, longitude: body.longitude };
}

const LEEDS = { latitude: 53.79648, longitude: -1.54785 };
const base = (id: string, city: string, country: string) => ({
  id,
  title: "Welder",
  company: "Forge Ltd",
  country,
  city,
  posted_at: "2026-11-01",
});

describe("coordinates at import", () => {
  it("takes CSV columns, drops a pair that is not valid and places those jobs by their city", async () => {
    const csv = [
      "id,title,company,country,city,posted_at,latitude,longitude",
      "c-own,Welder,Forge Ltd,GB,Leeds,2026-11-01,53.8,-1.5",
      "c-text,Welder,Forge Ltd,GB,Leeds,2026-11-01,north,-1.5",
      "c-range,Welder,Forge Ltd,GB,Leeds,2026-11-01,95,-1.5",
      "c-half,Welder,Forge Ltd,GB,Leeds,2026-11-01,53.8,",
      "c-none,Welder,Forge Ltd,DE,Köln,2026-11-01,,",
      "c-unknown,Welder,Forge Ltd,GB,Nowhere-on-Sea,2026-11-01,,",
    ].join("\n");
    const result = await importFile("jobs.csv", csv);
    expect(result).toMatchObject({ jobs: 6, coordinates: { given: 1, fromCity: 4, dropped: 3 } });
    expect(await coordinates("c-own")).toEqual({ latitude: 53.8, longitude: -1.5 });
    for (const id of ["c-text", "c-range", "c-half"]) expect(await coordinates(id)).toEqual(LEEDS);
    expect(await coordinates("c-none")).toEqual({ latitude: 50.93333, longitude: 6.95 });
    expect(await coordinates("c-unknown")).toEqual({ latitude: null, longitude: null });
  });

  it("takes JSON Lines numbers, and the gazetteer's most populous namesake in the job's country", async () => {
    const lines = [
      { ...base("j-own", "Leeds", "GB"), latitude: -16.8, longitude: -179.97 },
      { ...base("j-inf", "Leeds", "GB"), latitude: "Infinity", longitude: 0 },
      // Cambridge, MA (110,000) and Cambridge, OH (10,000): the first.
      base("j-us", "cambridge", "USA"),
    ];
    const result = await importFile("jobs.jsonl", lines.map((l) => JSON.stringify(l)).join("\n"));
    expect(result.coordinates).toEqual({ given: 1, fromCity: 2, dropped: 1 });
    expect(await coordinates("j-own")).toEqual({ latitude: -16.8, longitude: -179.97 });
    expect(await coordinates("j-inf")).toEqual(LEEDS);
    expect((await coordinates("j-us")).latitude).toBeCloseTo(42.38, 1);
  });

  it("takes a JobPosting's jobLocation.geo, numbers or text", async () => {
    const posting = (id: string, geo: unknown, locality = "Berlin") => ({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      identifier: id,
      title: "Engineer",
      datePosted: "2026-11-01",
      hiringOrganization: { "@type": "Organization", name: "Zahlwerk GmbH" },
      jobLocation: {
        "@type": "Place",
        address: { "@type": "PostalAddress", addressLocality: locality, addressCountry: "DE" },
        ...(geo ? { geo } : {}),
      },
    });
    const feed = [
      posting("p-num", { "@type": "GeoCoordinates", latitude: 52.5, longitude: 13.3 }),
      posting("p-text", { "@type": "GeoCoordinates", latitude: "52.4", longitude: "13.2" }),
      posting("p-none", null, "Hamburg"),
    ];
    const result = await importFile("feed.jsonld", JSON.stringify(feed));
    expect(result.coordinates).toEqual({ given: 2, fromCity: 1, dropped: 0 });
    expect(await coordinates("p-num")).toEqual({ latitude: 52.5, longitude: 13.3 });
    expect(await coordinates("p-text")).toEqual({ latitude: 52.4, longitude: 13.2 });
    expect((await coordinates("p-none")).latitude).toBeCloseTo(53.55, 1);
    // The posting's own point decides its distance, not its city's.
    const { body } = await getJson("/v1/jobs?near=52.5,13.3&radius_km=1");
    expect(body.items.map((i: { id: string }) => i.id)).toEqual(["p-num"]);
  });
});
