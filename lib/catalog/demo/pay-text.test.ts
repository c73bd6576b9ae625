import { describe, expect, it } from "vitest";
import { checkJob } from "../import/fast-record";
import { salaryFromText } from "../import/salary-text";
import { demoJobs } from "./generate";
import { payText } from "./pay-text";

const asOf = new Date("2026-11-21T00:00:00Z");

describe("demo pay written into the text", () => {
  it("is read back by the importer exactly, in every language and currency, labelled parsed", () => {
    for (const language of ["en", "de", "fr", "es"] as const)
      for (const currency of ["EUR", "GBP", "USD", "CAD", "CHF", "INR", "JPY", "VND", "PLN"])
        for (const [min, max, period] of [
          [41_500, 52_000, "year"],
          [270_000_000, 345_000_000, "year"],
          [19, 25, "hour"],
        ] as const) {
          const country = { GBP: "GB", USD: "US", CAD: "CA", JPY: "JP" }[currency] ?? "DE";
          const text = payText(language, { min, max, currency, period });
          expect(salaryFromText(`Great team.\n\n${text}`, country), text).toEqual({
            salary_min: min,
            salary_max: max,
            salary_currency: currency,
            salary_period: period,
          });
        }
  });

  it("leaves some advertised demo jobs with pay only in their text, and reads no pay into the others", () => {
    let inText = 0;
    let stated = 0;
    for (const raw of demoJobs({ jobs: 20_000, asOf })) {
      const job = checkJob(raw);
      if ("problem" in job) throw new Error(job.problem);
      if (raw.salary_min !== null) {
        expect(job.salary_source).toBe("stated");
        stated++;
      } else if (job.salary_source === "parsed") inText++;
      // A parsed salary only where the generator wrote one into the text.
      else expect(job.salary_min).toBeNull();
      if (job.salary_source === "parsed")
        expect(String(raw.description)).toMatch(/(salary|pay|gehalt|salaire|salario)/i);
    }
    expect(inText / (inText + stated)).toBeGreaterThan(0.12);
    expect(inText / (inText + stated)).toBeLessThan(0.18);
  });
});
