// A demo posting's pay written into its text, the way many feeds give it: no structured salary,
// a sentence in the posting's language instead. The importer reads it back (salary-text.ts) and
// labels it parsed, so the demo shows both sources with the same figures it always had.
import type { Language } from "./languages";

type Pay = { min: number; max: number; currency: string; period: "year" | "hour" };

const SYMBOLS: Record<string, string> = {
  GBP: "£",
  EUR: "€",
  INR: "₹",
  USD: "$",
  CAD: "$",
  AUD: "$",
  NZD: "$",
  SGD: "$",
};

const grouped = (n: number, separator: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** One sentence stating the pay, in the posting's language and number format. */
export function payText(language: Language, pay: Pay): string {
  const { min, max, currency, period } = pay;
  const symbol = SYMBOLS[currency];
  const hourly = period === "hour";
  switch (language) {
    case "de": {
      const unit = currency === "EUR" ? "€" : currency;
      return `Gehalt: ${grouped(min, ".")} – ${grouped(max, ".")} ${unit} brutto ${hourly ? "pro Stunde" : "pro Jahr"}.`;
    }
    case "fr": {
      const unit = currency === "EUR" ? "€" : currency === "CAD" ? "$" : currency;
      return `Salaire : ${grouped(min, "\u202f")} ${unit} à ${grouped(max, "\u202f")} ${unit} ${hourly ? "de l'heure" : "par an"}.`;
    }
    case "es":
      return `Salario: ${grouped(min, ".")} - ${grouped(max, ".")} ${currency} ${hourly ? "por hora" : "al año"}.`;
    default:
      if (!symbol)
        return `The salary for this role is ${currency} ${grouped(min, ",")} to ${grouped(max, ",")} ${hourly ? "an hour" : "a year"}.`;
      return hourly
        ? `Pay: ${symbol}${min}–${symbol}${max} an hour.`
        : `Salary: ${symbol}${grouped(min, ",")} - ${symbol}${grouped(max, ",")} per year.`;
  }
}
