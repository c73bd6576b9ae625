// The site's salary lookup: the API's salaryForLocation, with the country field also taking a
// country's name ("Germany"); /v1/salary keeps its contract.
import { salaryForLocation, salaryHistoryForLocation } from "../catalog/queries";
import { unsafeParam } from "../core/query-params";
import { invalidParam } from "../core/result";
import { countryFromInput } from "./search";

export async function siteSalary(params: URLSearchParams) {
  const unsafe = unsafeParam(params);
  if (unsafe) return unsafe;
  const forCatalog = new URLSearchParams();
  const typed = params.get("country")?.trim();
  const place = params.get("title")?.trim();
  if (typed) {
    const country = countryFromInput(typed);
    if (!country) {
      return invalidParam(
        "country",
        "We do not know that country. Try its name (Germany) or code (DE, DEU).",
      );
    }
    if (country.code.length !== 2) {
      return invalidParam("country", `${country.label} is a region; medians are per country or city.`);
    }
    forCatalog.set("country", country.code);
  } else if (place) forCatalog.set("title", place);
  return salaryForLocation(forCatalog);
}

/** The history of the place a lookup found: its country, or that city in that country. */
export async function siteSalaryHistory(salary: {
  level: "country" | "city";
  location: string;
  country: string;
}) {
  const query =
    salary.level === "country"
      ? new URLSearchParams({ country: salary.country })
      : new URLSearchParams({ title: `${salary.location}, ${salary.country}` });
  return salaryHistoryForLocation(query);
}
