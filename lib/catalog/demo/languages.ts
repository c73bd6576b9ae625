// Which language a demo description is written in, and how each language says "in <country>".
// About a tenth of the catalog is German, French or Spanish, where those languages are spoken.

export type Language = "en" | "de" | "fr" | "es";

const table = (s: string) => new Map(s.split("|").map((e) => e.split(":") as [string, string]));

/** "in Germany": the phrase a remote job's sentences end with. */
export const IN_COUNTRY: Record<Language, Map<string, string>> = {
  en: table(
    "US:in the United States|GB:in the United Kingdom|DE:in Germany|IN:in India|FR:in France|CA:in Canada|NL:in the Netherlands|ES:in Spain|IT:in Italy|AU:in Australia|PL:in Poland|SE:in Sweden|CH:in Switzerland|IE:in Ireland|BR:in Brazil|JP:in Japan|SG:in Singapore|AT:in Austria|BE:in Belgium|DK:in Denmark|NO:in Norway|FI:in Finland|PT:in Portugal|CZ:in the Czech Republic|HU:in Hungary|RO:in Romania|GR:in Greece|EE:in Estonia|LT:in Lithuania|MX:in Mexico|CL:in Chile|CO:in Colombia|NZ:in New Zealand|KR:in South Korea|CN:in China|HK:in Hong Kong|AE:in the United Arab Emirates|IL:in Israel|ZA:in South Africa|NG:in Nigeria|KE:in Kenya|EG:in Egypt|TR:in Turkey|PH:in the Philippines|VN:in Vietnam|ID:in Indonesia|MY:in Malaysia|TH:in Thailand",
  ),
  de: table("DE:in Deutschland|AT:in Österreich|CH:in der Schweiz"),
  fr: table("FR:en France|BE:en Belgique|CH:en Suisse|CA:au Canada"),
  es: table("ES:en España|MX:en México|CL:en Chile|CO:en Colombia"),
};

// Share of a place's jobs written in its language: a city entry wins over its country's.
const SHARES: [string, Language, number][] = [
  ["DE", "de", 0.47],
  ["AT", "de", 0.47],
  ["CH/Zürich", "de", 0.38],
  ["CH/Basel", "de", 0.38],
  ["CH/Geneva", "fr", 0.38],
  ["CH/Lausanne", "fr", 0.38],
  ["FR", "fr", 0.47],
  ["BE/Brussels", "fr", 0.38],
  ["CA/Montréal", "fr", 0.38],
  ["ES", "es", 0.47],
  ["MX", "es", 0.47],
  ["CL", "es", 0.47],
  ["CO", "es", 0.47],
];
const BY_PLACE = new Map(SHARES.map(([place, language, share]) => [place, { language, share }]));

/** The language for a job in this place, given a uniform draw in [0, 1). */
export function languageOf(country: string, city: string, draw: number): Language {
  const local = BY_PLACE.get(`${country}/${city}`) ?? BY_PLACE.get(country);
  return local && draw < local.share ? local.language : "en";
}
