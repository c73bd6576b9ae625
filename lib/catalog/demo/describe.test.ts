import { describe, expect, it } from "vitest";
import { article } from "./facts";
import { originalDemoJobs } from "./generate";
import { DEMO_COUNTRIES } from "./places";

const asOf = new Date("2026-11-21T00:00:00Z");
const jobs = [...originalDemoJobs({ jobs: 20_000, asOf })].map((j) => ({
  id: String(j.id),
  text: String(j.description),
  title: String(j.title),
  company: String(j.company),
  city: String(j.city),
  country: String(j.country),
  remote: j.remote,
  employment_type: j.employment_type,
  seniority: j.seniority,
}));
type Job = (typeof jobs)[number];

const LANGUAGE_BY_HEADING: [RegExp, string][] = [
  [/^What you will do:$/m, "en"],
  [/^Deine Aufgaben:$/m, "de"],
  [/^Vos missions :$/m, "fr"],
  [/^Tus funciones:$/m, "es"],
];
const languageOf = (j: Job) => LANGUAGE_BY_HEADING.find(([h]) => h.test(j.text))?.[1] ?? "?";

// The phrase each language uses for each value; a description holds its value's and no other.
const ARRANGEMENT: Record<string, Record<string, RegExp>> = {
  en: { remote: /\bremote/i, hybrid: /\bhybrid\b/i, on_site: /\bon-site\b/i },
  de: { remote: /\bremote\b/i, hybrid: /\bhybrid\b|Homeoffice/i, on_site: /\bvor Ort\b/ },
  fr: { remote: /télétravail/i, hybrid: /hybride/i, on_site: /\bsur site\b/i },
  es: { remote: /remoto/i, hybrid: /híbrido/i, on_site: /presencial/i },
};
const TYPE: Record<string, Record<string, RegExp>> = {
  en: {
    full_time: /\bfull-time\b/i,
    part_time: /\bpart-time\b/i,
    contract: /\bcontract position\b/i,
    temporary: /\btemporary\b/i,
    internship: /\binternship\b/i,
  },
  de: {
    full_time: /Vollzeit/,
    part_time: /Teilzeit/,
    contract: /freiberuflich/,
    temporary: /befristet/,
    internship: /Praktikum/,
  },
  fr: {
    full_time: /temps plein/,
    part_time: /temps partiel/,
    contract: /freelance/,
    temporary: /durée déterminée/,
    internship: /\bstage\b/i,
  },
  es: {
    full_time: /jornada completa/,
    part_time: /media jornada/,
    contract: /autónomo/,
    temporary: /contrato temporal/i,
    internship: /prácticas/i,
  },
};
const LEVEL: Record<string, RegExp> = {
  junior: /\bjunior\b/i,
  senior: /\bs[eé]nior\b/i,
  intern: /\bintern(ship)?\b/i,
};

/** Which of the phrases a text holds. */
const holds = (text: string, phrases: Record<string, RegExp>) =>
  Object.entries(phrases)
    .filter(([, re]) => re.test(text))
    .map(([value]) => value);

describe("demo descriptions", () => {
  it("are 150 to 600 words long", () => {
    const counts = jobs.map((j) => j.text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(150);
    expect(Math.max(...counts)).toBeLessThanOrEqual(600);
  });

  it("draw on thousands of words, a few very common and a long tail of rare ones", () => {
    const freq = new Map<string, number>();
    let total = 0;
    for (const j of jobs)
      for (const w of j.text.toLowerCase().match(/\p{L}[\p{L}\p{N}'+#-]*/gu) ?? []) {
        freq.set(w, (freq.get(w) ?? 0) + 1);
        total++;
      }
    const ranked = [...freq.values()].sort((a, b) => b - a);
    const share = (rank: number) => (ranked[rank - 1] ?? 0) / total;
    expect(ranked.length).toBeGreaterThanOrEqual(5_000);
    expect(share(1)).toBeGreaterThan(0.02);
    expect(share(1)).toBeLessThan(0.1);
    expect(share(1) / share(100)).toBeGreaterThan(10);
    expect(share(1000)).toBeGreaterThan(0);
    expect(share(1000)).toBeLessThan(0.0002);
    // Zipf: frequency falls about as 1/rank; the slope of log frequency over log rank.
    const slope = Math.log(share(1000) / share(10)) / Math.log(100);
    expect(slope).toBeGreaterThan(-1.6);
    expect(slope).toBeLessThan(-0.7);
  });

  it("are a tenth in German, French or Spanish, where those are spoken, with their accents", () => {
    const where: Record<string, Set<string>> = {
      de: new Set(["DE", "AT", "CH"]),
      fr: new Set(["FR", "BE", "CH", "CA"]),
      es: new Set(["ES", "MX", "CL", "CO"]),
    };
    const accents: Record<string, RegExp> = { de: /[äöüß]/, fr: /[éèàç]/, es: /[ñáéíóú]/ };
    let foreign = 0;
    for (const j of jobs) {
      const language = languageOf(j);
      expect(language, j.id).not.toBe("?");
      if (language === "en") continue;
      foreign++;
      expect(where[language]?.has(String(j.country)), j.id).toBe(true);
      expect(j.text, j.id).toMatch(accents[language] ?? /$^/);
    }
    expect(foreign / jobs.length).toBeGreaterThan(0.08);
    expect(foreign / jobs.length).toBeLessThan(0.12);
  });

  it("never contradict the job's arrangement, employment type, level or city", () => {
    const anyCity = new RegExp(
      `(?<!\\p{L})(?:${DEMO_COUNTRIES.flatMap((c) => c.cities).join("|")})(?!\\p{L})`,
      "gu",
    );
    for (const j of jobs) {
      const language = languageOf(j);
      const arrangement = holds(j.text, ARRANGEMENT[language] ?? {});
      expect(arrangement, j.id).toEqual(j.remote === null ? [] : [j.remote]);
      expect(holds(j.text, TYPE[language] ?? {}), j.id).toEqual([j.employment_type]);
      const levels = holds(j.text, LEVEL);
      expect(levels, j.id).toEqual(j.seniority && j.seniority in LEVEL ? [j.seniority] : []);
      if (language === "en") expect(/\bmid-level\b/.test(j.text), j.id).toBe(j.seniority === "mid");
      if (j.remote !== "remote") expect(j.text, j.id).toContain(j.city);
      const others = [...j.text.matchAll(anyCity)].map((m) => m[0]).filter((c) => c !== j.city);
      expect(others, j.id).toEqual([]);
    }
  });

  it("name the title, and not the company, in their first sentence", () => {
    for (const j of jobs) {
      const first = j.text.split(/(?<=[.!?])\s/, 1)[0] ?? "";
      expect(first, j.id).toContain(j.title);
      expect(first.replace(j.title, ""), j.id).not.toContain(String(j.company).split(" ", 1)[0]);
    }
  });

  it("put the right article before a title", () => {
    expect(
      ["Electrical Engineer", "SEO Specialist", "UX Researcher", "HR Generalist", "iOS Developer"].map(
        article,
      ),
    ).toEqual(["an", "an", "a", "an", "an"]);
    expect(
      ["IT Support Specialist", "QA Engineer", "Intern Barista", "Head of Sales", "Accountant"].map(article),
    ).toEqual(["an", "a", "an", "a", "an"]);
    for (const j of jobs.filter((j) => languageOf(j) === "en")) {
      expect(j.text, j.id).not.toMatch(/(?<!\p{L})a (?:[AEIO]|i[A-Z])/u);
      expect(j.text, j.id).not.toMatch(/(?<!\p{L})an (?:[BCDGJKPQTVWYZ]|U[XK])/u);
    }
  });
});
