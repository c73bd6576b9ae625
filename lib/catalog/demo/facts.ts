// What a description may say about its job: the structured fields it must agree with, and the
// pickers its sentences fill their slots from (all on the description's own random stream).
import type { Field, Occupation } from "./occupations";
import { OCCUPATIONS } from "./occupations";
import type { Rng } from "./random";
import { CORE, FIELD_CERTIFICATIONS, skillsOf } from "./skills";
import { CLIENTS, commonDistinct, PEOPLE, PRODUCTS } from "./vocabulary";

export type Facts = {
  title: string;
  occupation: Occupation;
  /** The record's seniority: null when the ad names no level. */
  level: string | null;
  type: string;
  remote: string | null;
  city: string;
  /** "in Germany", "en France": where a remote job may be done from, in the description's language. */
  country: string;
  /** The company's name without its legal form ("Acmeworks Health"), and its sector word or "". */
  brand: string;
  sector: string;
  /** The company's number: its product and founding year stay the same in every ad it posts. */
  companyIndex: number;
};

const split = (s: string | undefined) => (s ? s.split("|") : []);
const LISTS = new Map(
  OCCUPATIONS.map((o) => [o.title, { ...skillsOf(o.title), core: split(CORE[o.title]) }] as const),
);

/** Slot fillers for one job's sentences. */
export function slots(f: Facts, r: Rng) {
  const field: Field = f.occupation.field;
  const lists = LISTS.get(f.occupation.title) ?? { skills: [], tools: [], core: [] };
  // Four different people, so no one is named as both the manager and the colleague.
  const people = commonDistinct(r, PEOPLE, 4);
  return {
    manager: people[0] ?? "Anna Smith",
    colleague: people[1] ?? "James Müller",
    recruiter: people[2] ?? "Maria García",
    director: people[3] ?? "David Martin",
    field,
    /** What the occupation's ads ask for first, skills and tools alike. */
    core: (n: number) => commonDistinct(r, lists.skills, n, lists.core),
    skills: (n: number) => commonDistinct(r, lists.skills, n),
    tools: (n: number) => commonDistinct(r, lists.tools, n),
    cert: () => r.common(FIELD_CERTIFICATIONS[field]),
    /** The company's own product: the same one for every ad of the company. */
    product: PRODUCTS[(f.companyIndex * 7919) % 4000] ?? "",
    founded: 1965 + ((f.companyIndex * 31) % 58),
    people: 20 + ((f.companyIndex * 97) % 4980),
    offices: 1 + (f.companyIndex % 12),
    /** Another product name, Zipf-like over thousands: the long tail of words. */
    otherProduct: () => r.common(PRODUCTS),
    client: () => r.common(CLIENTS),
    /** n different items of a list, its first ones the most likely. */
    some: <T>(xs: readonly T[], n: number) => commonDistinct(r, xs, n),
    pick: r.pick,
    chance: (p: number) => r.next() < p,
    int: (lo: number, hi: number) => lo + r.int(hi - lo + 1),
  };
}
export type Slots = ReturnType<typeof slots>;

/** "a" or "an" before a word, by its sound: an SEO Specialist, a UX Researcher, an Intern. */
export function article(word: string): "a" | "an" {
  const first = word.split(" ", 1)[0] ?? "";
  if (/^[A-Z]{2,}/.test(first)) return /^[AEFHILMNORSX]/.test(first) ? "an" : "a";
  if (/^(uni|use|usu|eu|one)/i.test(first)) return "a";
  if (/^(hour|honest|honou?r)/i.test(first)) return "an";
  return /^[aeiou]/i.test(first) ? "an" : "a";
}
