// What a description may say about its job: the structured fields it must agree with, and the
// pickers its sentences fill their slots from (all on the description's own random stream).

import { CORE } from "./core-skills";
import type { Field, Occupation } from "./occupations";
import { OCCUPATIONS } from "./occupations";
import type { Rng } from "./random";
import { skillsOf } from "./skills";
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

const EMPTY = { skills: [], tools: [], certs: [], core: [] };
function take(pool: readonly string[], from: number, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n && i < pool.length; i++) out.push(pool[(from + i) % pool.length] ?? "");
  return out;
}

/** Slot fillers for one job's sentences: a class, so a job costs one object and no closures. */
export class Slots {
  readonly field: Field;
  readonly manager: string;
  readonly colleague: string;
  readonly recruiter: string;
  readonly director: string;
  /** The company's own product, founding year, size and offices: the same in all its ads. */
  readonly product: string;
  readonly founded: number;
  readonly people: number;
  readonly offices: number;
  private readonly lists: { skills: string[]; tools: string[]; certs: string[]; core: string[] };
  private readonly skillPool: string[];
  private readonly toolPool: string[];
  private nextSkill = 0;
  private nextTool = 0;

  constructor(
    f: Facts,
    private readonly r: Rng,
  ) {
    this.field = f.occupation.field;
    this.lists = LISTS.get(f.occupation.title) ?? EMPTY;
    // Four different people, so no one is named as both the manager and the colleague.
    const people = commonDistinct(r, PEOPLE, 4);
    this.manager = people[0] ?? "Anna Smith";
    this.colleague = people[1] ?? "James Müller";
    this.recruiter = people[2] ?? "Maria García";
    this.director = people[3] ?? "David Martin";
    // Each ad draws its skills and tools once and names them in turn, so none comes up twice.
    this.skillPool = commonDistinct(r, this.lists.skills, 10);
    this.toolPool = commonDistinct(r, this.lists.tools, 8);
    this.product = PRODUCTS[(f.companyIndex * 7919) % 4000] ?? "";
    this.founded = 1965 + ((f.companyIndex * 31) % 58);
    this.people = 20 + ((f.companyIndex * 97) % 4980);
    this.offices = 1 + (f.companyIndex % 12);
  }

  /** What the occupation's ads ask for first, skills and tools alike. */
  core(n: number): string[] {
    return commonDistinct(this.r, this.lists.skills, n, this.lists.core);
  }
  skills(n: number): string[] {
    this.nextSkill += n;
    return take(this.skillPool, this.nextSkill - n, n);
  }
  tools(n: number): string[] {
    this.nextTool += n;
    return take(this.toolPool, this.nextTool - n, n);
  }
  cert(): string {
    return this.r.common(this.lists.certs);
  }
  /** Another product name, Zipf-like over thousands: the long tail of words. */
  otherProduct(): string {
    return this.r.common(PRODUCTS);
  }
  client(): string {
    return this.r.common(CLIENTS);
  }
  /** n different items of a list, its first ones the most likely. */
  some<T>(xs: readonly T[], n: number): T[] {
    return commonDistinct(this.r, xs, n);
  }
  pick<T>(xs: readonly T[]): T {
    return this.r.pick(xs);
  }
  chance(p: number): boolean {
    return this.r.next() < p;
  }
  int(lo: number, hi: number): number {
    return lo + this.r.int(hi - lo + 1);
  }
}

/** "a" or "an" before a word, by its sound: an SEO Specialist, a UX Researcher, an Intern. */
export function article(word: string): "a" | "an" {
  const first = word.split(" ", 1)[0] ?? "";
  if (/^[A-Z]{2,}/.test(first)) return /^[AEFHILMNORSX]/.test(first) ? "an" : "a";
  if (/^(uni|use|usu|eu|one)/i.test(first)) return "a";
  if (/^(hour|honest|honou?r)/i.test(first)) return "an";
  return /^[aeiou]/i.test(first) ? "an" : "a";
}
