// Pay read from a posting's text, for jobs whose feed gives no structured salary: "Salary:
// £45,000 - £52,000 per annum", "52.000 – 60.000 € brutto pro Jahr", "$25/hr". The importer
// labels such a salary `parsed`, never `stated`. The reading is deliberately narrow: a
// figure counts only with a currency beside it and either a period ("per hour", "p.a.", "pro
// Monat") or a pay word before it ("Salary:", "Gehalt") and an amount that can only be
// yearly; anything doubtful (a bonus, a budget, a range that is not one) is left unread, since
// a missing salary is better than a wrong one. The rules are listed in docs/operations.md.
import { currencyOf, isCurrencyCode } from "../currencies";

export type TextSalary = {
  salary_min: number;
  salary_max: number;
  salary_currency: string;
  salary_period: "year" | "month" | "hour";
};

// "$" alone is read as the dollar of the job's country, else as US dollars.
const DOLLAR_COUNTRIES = new Set(["US", "CA", "AU", "NZ", "SG", "HK", "TW", "MX", "CL", "CO", "AR", "UY"]);
const PREFIXED: Record<string, string> = {
  US$: "USD",
  CA$: "CAD",
  C$: "CAD",
  A$: "AUD",
  AU$: "AUD",
  NZ$: "NZD",
  S$: "SGD",
  HK$: "HKD",
  R$: "BRL",
  "£": "GBP",
  "€": "EUR",
  "₹": "INR",
};

const SYMBOL = String.raw`(?:US|CA|AU|NZ|HK|[CASR])?\$|£|€|₹|¥|\b[A-Z]{3}\b`;
// Thousands grouped by , . space or ' (then an optional decimal part), or plain digits.
const NUMBER = String.raw`\d{1,3}(?:[,. \u00a0\u202f'’]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const AMOUNT = String.raw`(${NUMBER})(\s?[kK]\b)?`;
const MONEY = String.raw`(?:(${SYMBOL})\s?${AMOUNT}|${AMOUNT}\s?(${SYMBOL})?)`;
const DASH = String.raw`\s*(?:-|–|—|to|bis|à|a|hasta|y)\s*`;
const PAY = new RegExp(`${MONEY}(?:${DASH}${MONEY})?`, "gu");

// After the amount: filler a posting puts before the period ("gross", "brutto", "base").
const FILLER = String.raw`(?:\s*(?:\(?(?:gross|brutto|bruto|brut|base|basic|DOE|OTE|before tax|plus benefits)\)?|,))*`;
const PERIODS: [RegExp, "year" | "month" | "hour" | "week" | "day"][] = [
  [
    /^\s*(?:per|a|an|\/|pro|par|al|por|each)\s*(?:year|yr|annum|anno|jahr|an|année|año)(?![\p{L}\p{N}])/iu,
    "year",
  ],
  [/^\s*(?:p\.?\s?a\.?|pa|yearly|annually|annual|jährlich|annuel|anual)(?![\p{L}\p{N}])/iu, "year"],
  [/^\s*(?:per|a|\/|pro|par|al|por|each)\s*(?:month|mo|monat|mois|mes)(?![\p{L}\p{N}])/iu, "month"],
  [/^\s*(?:monthly|monatlich|mensuel|mensual|p\.?\s?m\.?)(?![\p{L}\p{N}])/iu, "month"],
  [/^\s*(?:per|an|a|\/|pro|par|de\s+l'|por)\s*(?:hour|hr|h|stunde|std|heure|hora)(?![\p{L}\p{N}])/iu, "hour"],
  [/^\s*(?:hourly|stündlich|p\.?\s?h\.?)(?![\p{L}\p{N}])/iu, "hour"],
  [/^\s*(?:per|a|\/|pro|par|por)\s*(?:week|wk|woche|semaine|semana)(?![\p{L}\p{N}])/iu, "week"],
  [/^\s*(?:weekly|wöchentlich)(?![\p{L}\p{N}])/iu, "week"],
  [/^\s*(?:per|a|\/|pro|par|por)\s*(?:day|tag|jour|día|dia)(?![\p{L}\p{N}])/iu, "day"],
  [/^\s*(?:daily|täglich)(?![\p{L}\p{N}])/iu, "day"],
];
/** Working days and weeks a year, as schema.org salaries are converted (job-posting.ts). */
const PER_YEAR = { week: 52, day: 260 } as const;
// Words before a figure that make it pay when no period follows.
const PAY_WORD =
  /(?<![\p{L}])(?:salary|pay|compensation|wage|remuneration|gehalt|vergütung|jahresgehalt|salaire|rémunération|salario|sueldo|remuneración)(?![\p{L}])[^.\n]{0,30}$/iu;
// Words right after a figure that make it something else than pay.
const NOT_PAY =
  /^\s*(?:[a-z]+\s+)?(?:bonus|equity|stock|shares|relocation|stipend|budget|allowance|funding|revenue|raised|users|customers|sign-on|signing|in\s+funding|per\s+employee)/iu;
const MAX_SPREAD = 4; // a top more than 4 × the bottom is not one job's range
const LIMITS = { year: 1_000_000_000, month: 100_000_000, hour: 1_000_000 } as const;
const YEARLY_ONLY = 10_000; // with no period, only a figure this high reads as a year's pay

function currencyFor(symbol: string, country: string): string | null {
  if (symbol === "$") return DOLLAR_COUNTRIES.has(country) ? currencyOf(country) : "USD";
  if (symbol === "¥") return country === "JP" ? "JPY" : country === "CN" ? "CNY" : null;
  return PREFIXED[symbol] ?? (isCurrencyCode(symbol) ? symbol : null);
}

/** "45,000" 45000, "45.000" 45000, "25.50" 25.5, "1.234,56" 1234.56; times 1,000 with k. */
function amountOf(digits: string, k: string | undefined): number {
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, decimal.index) : digits).replace(/\D/g, "");
  const n = Number(whole) + (decimal?.[1] ? Number(`0.${decimal[1]}`) : 0);
  return k ? n * 1000 : n;
}

type Side = { amount: number; symbol: string | undefined; k: boolean };

function side(groups: (string | undefined)[], at: number): Side | null {
  // MONEY's groups: symbol-first (symbol, digits, k) or amount-first (digits, k, symbol).
  const [pre, preDigits, preK, postDigits, postK, post] = groups.slice(at, at + 6);
  if (preDigits) return { amount: amountOf(preDigits, preK), symbol: pre, k: Boolean(preK) };
  if (postDigits) return { amount: amountOf(postDigits, postK), symbol: post, k: Boolean(postK) };
  return null;
}

const FILLER_RE = new RegExp(`^${FILLER}`, "iu");

/** The period after a figure, and where the words after it start. */
function periodAfter(rest: string): { period: keyof typeof LIMITS | "week" | "day"; end: number } | null {
  const filler = FILLER_RE.exec(rest)?.[0] ?? "";
  const after = rest.slice(filler.length);
  for (const [re, period] of PERIODS) {
    const m = re.exec(after);
    if (m) return { period, end: filler.length + m[0].length };
  }
  return null;
}

/** The first salary the text states with a currency, or null when none is read with confidence. */
export function salaryFromText(text: string, country: string): TextSalary | null {
  if (!/[$£€₹¥]|\b[A-Z]{3}\b/u.test(text)) return null;
  for (const m of text.matchAll(PAY)) {
    const low = side([...m], 1);
    const high = side([...m], 7) ?? low;
    if (!low || !high) continue;
    const symbol = low.symbol ?? high.symbol;
    // Both sides name a currency: it must be the same one.
    if (!symbol || (low.symbol && high.symbol && low.symbol !== high.symbol)) continue;
    const currency = currencyFor(symbol, country);
    if (!currency) continue;
    const rest = text.slice((m.index ?? 0) + m[0].length);
    if (NOT_PAY.test(rest)) continue;
    const before = text.slice(Math.max(0, (m.index ?? 0) - 60), m.index);
    const found = periodAfter(rest);
    // "£2,000 per year training budget": what follows the period may say it is not pay either.
    if (found && NOT_PAY.test(rest.slice(found.end))) continue;
    let period: TextSalary["salary_period"];
    let factor = 1;
    if (found && (found.period === "week" || found.period === "day")) {
      period = "year";
      factor = PER_YEAR[found.period];
    } else if (found) period = found.period as TextSalary["salary_period"];
    else if (PAY_WORD.test(before) && low.amount >= YEARLY_ONLY) period = "year";
    else continue;
    // One "k" at the end ("45-52k") applies to both ends.
    const lowAmount = high.k && !low.k && low.amount < 1000 ? low.amount * 1000 : low.amount;
    const min = Math.round(lowAmount * factor);
    const max = Math.round(high.amount * factor);
    if (min <= 0 || min > max || max > min * MAX_SPREAD || max > LIMITS[period]) continue;
    return { salary_min: min, salary_max: max, salary_currency: currency, salary_period: period };
  }
  return null;
}
