import { describe, expect, it } from "vitest";
import { salaryFromText } from "./salary-text";

const read = (text: string, country = "GB") => salaryFromText(text, country);
const pay = (salary_min: number, salary_max: number, salary_currency: string, salary_period: string) => ({
  salary_min,
  salary_max,
  salary_currency,
  salary_period,
});

describe("pay read from a posting's text", () => {
  it("reads a range with a currency and a period, in the ways English postings write it", () => {
    expect(read("Salary: £45,000 - £52,000 per annum, plus pension.")).toEqual(
      pay(45_000, 52_000, "GBP", "year"),
    );
    expect(read("We pay $25–$32 an hour.", "US")).toEqual(pay(25, 32, "USD", "hour"));
    expect(read("Pay: $120k to $150k per year", "US")).toEqual(pay(120_000, 150_000, "USD", "year"));
    expect(read("USD 90,000 - 110,000 a year", "DE")).toEqual(pay(90_000, 110_000, "USD", "year"));
    expect(read("€4,200 per month gross", "IE")).toEqual(pay(4_200, 4_200, "EUR", "month"));
    expect(read("£30/hr DOE")).toEqual(pay(30, 30, "GBP", "hour"));
    expect(read("Rate: £450 per day (outside IR35)")).toEqual(pay(117_000, 117_000, "GBP", "year"));
    expect(read("$1,200 per week", "US")).toEqual(pay(62_400, 62_400, "USD", "year"));
    expect(read("£45-52k p.a.")).toEqual(pay(45_000, 52_000, "GBP", "year"));
  });

  it("reads German, French and Spanish number and period forms", () => {
    expect(read("Gehalt: 52.000 – 60.000 € brutto pro Jahr", "DE")).toEqual(
      pay(52_000, 60_000, "EUR", "year"),
    );
    expect(read("Vergütung 18,50 €/h", "DE")).toEqual(pay(19, 19, "EUR", "hour"));
    expect(read("Salaire : 45 000 € à 52 000 € par an", "FR")).toEqual(pay(45_000, 52_000, "EUR", "year"));
    expect(read("Salario: 30.000 - 36.000 EUR al año", "ES")).toEqual(pay(30_000, 36_000, "EUR", "year"));
    expect(read("Sueldo de 2.500 € al mes", "ES")).toEqual(pay(2_500, 2_500, "EUR", "month"));
  });

  it("reads a yearly figure without a period only after a pay word", () => {
    expect(read("Salary range: $130,000 - $160,000 + equity", "US")).toEqual(
      pay(130_000, 160_000, "USD", "year"),
    );
    expect(read("The team of 40 raised $30,000,000 last year", "US")).toBeNull();
    expect(read("Salary: $45 depending on shifts", "US")).toBeNull();
  });

  it("reads $ as the dollar of the job's country, else as US dollars; ¥ only in Japan or China", () => {
    expect(read("$85,000 per year", "CA")?.salary_currency).toBe("CAD");
    expect(read("$85,000 per year", "AU")?.salary_currency).toBe("AUD");
    expect(read("$85,000 per year", "PL")?.salary_currency).toBe("USD");
    expect(read("US$85,000 per year", "CA")?.salary_currency).toBe("USD");
    expect(read("¥6,000,000 per year", "JP")?.salary_currency).toBe("JPY");
    expect(read("¥6,000,000 per year", "DE")).toBeNull();
  });

  it("leaves alone figures that are not a salary", () => {
    expect(read("A £5,000 signing bonus and £2,000 per year training budget")).toBeNull();
    expect(read("We have 25,000 users per month")).toBeNull(); // no currency
    expect(read("£10,000 relocation allowance")).toBeNull();
    expect(read("Founded in 2012, 300 staff, offices in 12 countries")).toBeNull();
    expect(read("AWS 2024 per year")).toBeNull(); // not a currency code
  });

  it("refuses ranges that cannot be one job's: reversed, too wide, or in two currencies", () => {
    expect(read("£52,000 - £45,000 per year")).toBeNull();
    expect(read("£20 - £100,000 per year")).toBeNull();
    expect(read("£45,000 - €52,000 per year")).toBeNull();
  });

  it("takes the first salary that reads, after skipping one that does not", () => {
    expect(read("A £3,000 welcome bonus. Salary £40,000 - £44,000 per annum.")).toEqual(
      pay(40_000, 44_000, "GBP", "year"),
    );
  });

  it("answers quickly on text with no currency at all", () => {
    expect(read("Python developer with Django and SQL experience. ".repeat(200))).toBeNull();
  });
});
