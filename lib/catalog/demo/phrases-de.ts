// German descriptions, for jobs mostly in Germany, Austria and Switzerland. No article before the
// title (its gender is unknown), as German ads write "Wir suchen Senior Software Engineer (m/w/d)".
import type { Facts, Slots } from "./facts";
import type { Field } from "./occupations";
import { bullets, DE_COMPOUNDS, joinAnd } from "./vocabulary";

const SECTOR_WHAT: Record<string, string> = {
  "": "Software und Dienstleistungen für Unternehmen jeder Größe",
  Health: "digitale Lösungen für Kliniken, Praxen und Pflegeeinrichtungen",
  Logistics: "Transport, Lagerlogistik und Zustellung auf der letzten Meile",
  Analytics: "Analysen, die aus Rohdaten gute Entscheidungen machen",
  Retail: "Filialen und einen Onlineshop, den unsere Kundschaft schätzt",
  Energy: "erneuerbare Energien und die Software für intelligente Netze",
  Finance: "Zahlungsverkehr, Kredite und Buchhaltungssoftware",
  Foods: "frische Lebensmittel aus eigener Produktion",
  Mobility: "Sharing-Angebote, Flottenmanagement und Software für den Nahverkehr",
  Media: "Nachrichten, Podcasts und Streaming für Millionen Menschen",
  Robotics: "Roboter und Automatisierung für Fabriken und Lager",
  Insurance: "Versicherungen, die einfach abzuschließen und fair im Schadensfall sind",
  Travel: "Reisen, Hotels und Reisesoftware für Firmen und Familien",
};

const de = (s: Slots) => s.pick(DE_COMPOUNDS);
const DUTY: Record<Field, ((s: Slots) => string)[]> = {
  tech: [
    (s) => `Entwicklung neuer Funktionen für ${s.product} mit ${joinAnd(s.tools(2), "und")}`,
    () => `Verantwortung für unsere Dienste im Betrieb, inklusive Rufbereitschaft`,
    (s) => `Code-Reviews und fachlicher Austausch im Team, zum Beispiel zu ${s.tools(1)}`,
    (s) => `Weiterentwicklung der ${de(s)} und der ${de(s)}`,
    (s) => `Anbindung von Schnittstellen zu ${s.otherProduct()} und ${s.otherProduct()}`,
  ],
  business: [
    (s) => `Betreuung wichtiger Kunden wie ${s.client()} und ${s.client()}`,
    (s) => `Verantwortung für die ${de(s)} und die ${de(s)}`,
    (s) => `Auswertungen und Berichte mit ${joinAnd(s.tools(2), "und")}`,
    () => `Enge Zusammenarbeit mit Vertrieb, Produkt und Finanzen`,
    (s) => `Planung und Umsetzung von Quartalszielen für ${s.product}`,
  ],
  health: [
    () => `Fachgerechte Versorgung unserer Patientinnen und Patienten`,
    (s) => `Sorgfältige Dokumentation in ${s.tools(1)}`,
    () => `Zusammenarbeit im multiprofessionellen Team aus Ärztinnen, Ärzten und Therapeuten`,
    (s) => `Mitwirkung an der ${de(s)} und an Qualitätszirkeln`,
    () => `Anleitung von Auszubildenden und neuen Kolleginnen und Kollegen`,
  ],
  trade: [
    () => `Installation, Wartung und Reparatur bei unserer Kundschaft`,
    (s) => `Einhaltung aller Sicherheitsvorschriften und saubere ${de(s)}`,
    (s) => `Planung von Material und Einsätzen mit ${s.tools(1)}`,
    (s) => `Pflege von Werkzeug und Fahrzeugen, zum Beispiel ${s.tools(1)}`,
    () => `Freundliche Erklärung der Arbeiten gegenüber der Kundschaft`,
  ],
  service: [
    () => `Herzlicher Empfang und Beratung unserer Gäste und Kunden`,
    (s) => `Warenannahme, Bestellungen und ${de(s)}`,
    (s) => `Arbeit mit ${s.tools(1)} im Tagesgeschäft`,
    () => `Einarbeitung neuer Teammitglieder`,
    () => `Schichtarbeit, auch an einigen Wochenenden`,
  ],
  engineering: [
    (s) => `Konstruktion und Auslegung vom Konzept bis zur Serie mit ${joinAnd(s.tools(2), "und")}`,
    (s) => `Berechnungen, Simulationen und Versuche für ${s.product}`,
    (s) => `Abstimmung mit Lieferanten wie ${s.client()}`,
    (s) => `Technische Dokumentation nach Norm und Verantwortung für die ${de(s)}`,
    (s) => `Leitung technischer Reviews und ${de(s)}`,
  ],
};

const YEARS: Record<string, string> = {
  intern: "Ein laufendes Studium in einem passenden Fach",
  junior: "Erste Berufserfahrung als Junior oder ein frischer Abschluss",
  mid: "Mindestens drei Jahre Berufserfahrung",
  senior: "Mindestens fünf Jahre Berufserfahrung auf Senior-Niveau",
  lead: "Mindestens sieben Jahre Berufserfahrung, davon einige mit Führungsverantwortung",
  principal: "Mindestens zehn Jahre Berufserfahrung und fachliche Strahlkraft",
  executive: "Mindestens zehn Jahre Berufserfahrung, davon mehrere Jahre als Führungskraft",
};

const BENEFITS = [
  "Ein jährliches Weiterbildungsbudget",
  "Betriebliche Altersvorsorge mit Zuschuss",
  "Zuschuss zum Fitnessstudio",
  "Moderne Ausstattung nach Wahl",
  "Ein freundliches Team und flache Hierarchien",
  "Mitarbeiterrabatte auf unsere Produkte",
];

export function describeDe(f: Facts, s: Slots): string {
  const where = f.remote === "remote" ? `remote von überall ${f.country}` : `in ${f.city}`;
  const first = s.pick([`Wir suchen ${f.title} ${where}.`, `Verstärke unser Team als ${f.title} ${where}.`]);
  const about = `Über ${f.brand} – unser Schwerpunkt: ${SECTOR_WHAT[f.sector] ?? SECTOR_WHAT[""]}. Seit ${s.founded} sind wir gewachsen und heute ${s.people} Menschen an ${s.offices === 1 ? "einem Standort" : `${s.offices} Standorten`}. Unser Produkt ${s.product} nutzen Kundinnen und Kunden wie ${s.client()} jeden Tag.`;
  const duties = DUTY[s.field];
  const k = s.int(0, duties.length - 1);
  const todo = [0, 1, 2, 3].map((i) => (duties[(k + i) % duties.length] as (s: Slots) => string)(s));
  const needs = [
    f.level === null ? "Fundierte Erfahrung in einer ähnlichen Position" : (YEARS[f.level] ?? ""),
    `Praktische Erfahrung mit ${joinAnd(s.tools(3), "und")}`,
    `Kenntnisse in ${joinAnd(s.core(2), "und")}`,
    "Sehr gute Deutschkenntnisse und gute Englischkenntnisse",
    s.pick([
      "Sorgfalt und Verantwortungsbewusstsein",
      "Freude am Lernen und an Teamarbeit",
      "Ruhe auch in stressigen Situationen",
    ]),
    `Von Vorteil: ${s.cert()}`,
  ];
  const type =
    f.type === "full_time"
      ? "Die Stelle ist in Vollzeit zu besetzen"
      : f.type === "part_time"
        ? `Die Stelle ist in Teilzeit (${s.pick(["20", "25", "30"])} Stunden pro Woche) zu besetzen`
        : f.type === "contract"
          ? `Es handelt sich um ein freiberufliches Projekt über ${s.pick(["sechs", "neun", "zwölf"])} Monate`
          : f.type === "temporary"
            ? `Die Stelle ist auf ${s.pick(["drei", "vier", "sechs"])} Monate befristet`
            : `Es handelt sich um ein bezahltes Praktikum über ${s.pick(["drei", "sechs"])} Monate`;
  const arrangement =
    f.remote === "remote"
      ? `; du arbeitest komplett remote von überall ${f.country}, und zweimal im Jahr treffen wir uns als Team.`
      : f.remote === "hybrid"
        ? `; wir arbeiten hybrid: ${s.pick(["zwei", "drei"])} Tage pro Woche in unserem Büro in ${f.city}, den Rest im Homeoffice.`
        : f.remote === "on_site"
          ? `; die Arbeit findet vor Ort an unserem Standort in ${f.city} statt.`
          : `, Arbeitsort ist ${f.city}.`;
  const perks = [
    s.pick(BENEFITS),
    s.pick(BENEFITS),
    f.type === "full_time" || f.type === "part_time"
      ? `${s.pick(["28", "30"])} Tage Urlaub im Jahr`
      : "Pünktliche Bezahlung und klare Absprachen",
    f.remote === "on_site" ? `Ein Jobticket für den Weg nach ${f.city}` : "Flexible Arbeitszeiten",
  ];
  return `${first} Du berichtest an ${s.manager} und arbeitest eng mit ${s.colleague} zusammen.\n\n${about}\n\nDeine Aufgaben:\n${bullets(todo)}\n\nDein Profil:\n${bullets(needs)}\n\nWir bieten:\n${bullets(perks)}\n\n${type}${arrangement}\n\nKlingt gut? Dann freuen wir uns auf deine Bewerbung mit Lebenslauf. Wir begrüßen Bewerbungen unabhängig von Herkunft, Alter, Geschlecht, Behinderung und Weltanschauung.`;
}
