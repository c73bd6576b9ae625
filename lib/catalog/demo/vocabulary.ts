// The long tail of the demo descriptions' words: product and client names, people and German
// compounds, built from parts so a few thousand real-looking words come from a few lines.
// Every list is shuffled once with a fixed seed, so Zipf-like picks (most common first) do not
// favour one initial letter.
import { type Rng, rng } from "./random";

const list = (s: string) => s.split("|");

function shuffled<T>(xs: T[], seed: number): T[] {
  const r = rng(seed);
  for (let i = xs.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    const x = xs[i] as T;
    xs[i] = xs[j] as T;
    xs[j] = x;
  }
  return xs;
}

const ONSETS = list(
  "Al|Bel|Cor|Dax|El|Fen|Gal|Hal|Is|Jor|Kel|Lum|Mar|Nex|Or|Pel|Quin|Ral|Sol|Tor|Ul|Val|Wex|Xan|Yar|Zen|Bri|Cal|Dor|Fal|Gor|Kal|Lor|Mor|Nor|Par|Sar|Tal|Ver|Wyn|Ath|Bex|Cyr|Dun|Ev|Fir|Gly|Hov|Ixo|Jun",
);
const CODAS = list(
  "a|ix|ora|ion|ex|ly|io|on|ara|eon|ium|us|ent|iva|ence|ari|ova|ane|ito|yx|enza|ido|ova|aro|ica|ilo|um|ax|ery|ine",
);
const PRODUCT_TAILS = ["", "", "", "", "Flow", "Desk", "Hub", "OS", "Cloud", "Pay", "Care", "Track"];

/** Invented product names ("Nexora", "CalionDesk"): several thousand distinct words. */
export const PRODUCTS: string[] = shuffled(
  [...new Set(ONSETS.flatMap((o) => CODAS.flatMap((c) => PRODUCT_TAILS.map((t) => `${o}${c}${t}`))))],
  0x9a0d,
);

const FIRST_NAMES = list(
  "Anna|James|Maria|David|Sofia|Daniel|Laura|Michael|Emma|Lucas|Olivia|Noah|Chloé|Léa|Jonas|Lena|Mateo|Lucía|Hugo|Inès|Priya|Arjun|Aisha|Omar|Yuki|Hiro|Mei|Wei|Chen|Fatima|Kwame|Amara|Tomás|Joana|Lars|Ingrid|Mikko|Aino|Piotr|Zofia|Elif|Emre|Sipho|Thandi|Liam|Ava|Ethan|Mia|Leon|Clara|Felix|Marta|Pablo|Camila|Diego|Valentina|Rafael|Beatriz|Raj|Ananya|Kenji|Sakura|Min-jun|Ji-woo|Nikos|Eleni|Andrei|Ioana|Tariq|Leila|Jack|Grace|Oscar|Isla|Finn|Freya|Théo|Manon|Jakub|Tereza|Matteo|Giulia|Sven|Astrid",
);
const LAST_NAMES = list(
  "Smith|Müller|García|Martin|Rossi|Kowalski|Nguyen|Patel|Kim|Tanaka|Silva|Jensen|Johansson|Novak|Horváth|Popescu|Papadopoulos|Yilmaz|Okafor|Mensah|Dlamini|Cohen|Haddad|Schmidt|Schneider|Fischer|Weber|Meyer|Wagner|Becker|Hoffmann|Dubois|Lefèvre|Moreau|Laurent|Fernández|López|Martínez|Sánchez|Pérez|Gómez|Díaz|Romero|Ferrari|Esposito|Bianchi|Costa|Santos|Oliveira|Pereira|de Vries|van Dijk|Bakker|Jansen|Nielsen|Hansen|Larsen|Andersson|Virtanen|Korhonen|Nowak|Wiśniewski|Dvořák|Svoboda|Nagy|Tóth|Ionescu|Georgiou|Demir|Kaya|Adeyemi|Mwangi|Otieno|Naidoo|Levi|Mizrahi|Sato|Suzuki|Takahashi|Watanabe|Park|Lee|Choi|Wang|Li|Zhang|Liu|Chen|Tran|Le|Santos|Reyes|Cruz|Sharma|Singh|Kumar|Gupta|Iyer|Brown|Taylor|Wilson|Davies|Evans|Thomas|Roberts|Walker|Wright|Thompson|White|Hughes|Edwards|Green|Hall|Wood|Harris|Clarke|Jackson|Murphy|Kelly|O'Brien|Byrne|Ryan|Walsh|Tremblay|Gagnon|Roy|Côté|Bouchard|Anderson|Campbell|Stewart|MacDonald|Scott",
);

/** "Lena Okafor": rare names make a long tail, as they do in real ads that name a contact. */
export const PEOPLE: string[] = shuffled(
  FIRST_NAMES.flatMap((f, i) => LAST_NAMES.filter((_, j) => (i + j) % 3 === 0).map((l) => `${f} ${l}`)),
  0x70e,
);

const CLIENT_ENDS = list(
  "Group|Partners|Holdings|Foods|Bank|Airlines|Motors|Energy|Retail|Health|Telecom|Insurance",
);
/** Client organisations named in company intros ("Valoria Bank"). */
export const CLIENTS: string[] = shuffled(
  PRODUCTS.filter((p) => /^[A-Z][a-z]+$/.test(p))
    .slice(0, 600)
    .flatMap((p, i) => [`${p} ${CLIENT_ENDS[i % CLIENT_ENDS.length]}`]),
  0xc11e,
);

const DE_HEADS = list(
  "Qualitäts|Wartungs|Liefer|Kunden|Daten|Prozess|Produkt|Sicherheits|Lager|Vertriebs|Einkaufs|Projekt|Budget|Schicht|Patienten|Material|Energie|Termin|Dokumenten|Änderungs|Störungs|Fahrzeug|Bestell|Mitarbeiter|Arbeits|Gebäude|Netz|Risiko",
);
const DE_TAILS = list(
  "management|planung|steuerung|analyse|sicherung|prüfung|dokumentation|entwicklung|betreuung|optimierung|kontrolle|überwachung|abstimmung|verwaltung|organisation|bewertung|berichte|prozesse|anforderungen|schulungen",
);
/** German compound nouns ("Qualitätssicherung", "Störungsanalyse"): the language builds them this way. */
export const DE_COMPOUNDS: string[] = shuffled(
  DE_HEADS.flatMap((h) => DE_TAILS.map((t) => `${h}${t}`)),
  0xde,
);

export const YEARS = Array.from({ length: 60 }, (_, i) => 1965 + i);

/** Picks n distinct items, most common first, with a small bounded number of tries. */
export function commonDistinct<T>(r: Rng, xs: readonly T[], n: number, head: readonly T[] = []): T[] {
  const out: T[] = [];
  for (let tries = 0; out.length < n && tries < n * 4; tries++) {
    const x = head.length > 0 && r.next() < 0.5 ? r.pick(head) : r.common(xs);
    if (!out.includes(x)) out.push(x);
  }
  return out;
}

/** "a, b and c" in the given language's word for "and". */
export function joinAnd(xs: readonly string[], and: string): string {
  if (xs.length <= 1) return xs[0] ?? "";
  return `${xs.slice(0, -1).join(", ")} ${and} ${xs[xs.length - 1]}`;
}

/** A bulleted list, one "- item" a line, each item ended by `end`. */
export function bullets(xs: readonly string[], end = ""): string {
  let out = "";
  for (const x of xs) out += `${out ? "\n" : ""}- ${x}${end}`;
  return out;
}
