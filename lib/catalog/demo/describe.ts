// A demo job's description: in the language its place suggests, from its own random stream.
import { type Facts, Slots } from "./facts";
import { IN_COUNTRY, type Language, languageOf } from "./languages";
import { describeDe } from "./phrases-de";
import { describeEn } from "./phrases-en";
import { describeEs } from "./phrases-es";
import { describeFr } from "./phrases-fr";
import type { Rng } from "./random";

const WRITERS = { en: describeEn, de: describeDe, fr: describeFr, es: describeEs };

export type JobFacts = Omit<Facts, "country"> & { countryCode: string };

export function describeJob(job: JobFacts, r: Rng): { language: Language; text: string } {
  let language = languageOf(job.countryCode, job.city, r.next());
  let country = IN_COUNTRY[language].get(job.countryCode);
  if (country === undefined) {
    language = "en";
    country = IN_COUNTRY.en.get(job.countryCode) ?? `in ${job.countryCode}`;
  }
  const facts: Facts = { ...job, country };
  return { language, text: WRITERS[language](facts, new Slots(facts, r)) };
}
