// /salary — location median by country code or place name.
import { salaryForLocation } from "@/lib/catalog/queries";
import { spendPageBudget, toSearchParams } from "@/lib/site/budget";
import { loadForPage } from "@/lib/site/page-data";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SalaryPage({ searchParams }: Props) {
  const params = toSearchParams(await searchParams);
  const outcome =
    (await spendPageBudget()) ?? (params.size ? await loadForPage(() => salaryForLocation(params)) : null);
  const salary = outcome?.ok ? outcome.value.salary : null;
  // A form not filled in yet is no error; a bad parameter is.
  const asked = params.has("country") || params.has("title");
  const error = outcome && !outcome.ok && (asked || outcome.param !== "country") ? outcome.message : null;
  return (
    <>
      <h1>Salary medians</h1>
      <p>
        Median advertised pay for a country or a large city, from the current snapshot. It is a location
        median, not a role-by-city band.
      </p>
      <form className="panel row" action="/salary">
        <label>
          Country code
          <input name="country" defaultValue={params.get("country") ?? ""} placeholder="DE or DEU" />
        </label>
        <label>
          …or a place
          <input name="title" defaultValue={params.get("title") ?? ""} placeholder="Berlin, Germany" />
        </label>
        <button type="submit">Look up</button>
      </form>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      {salary && (
        <section className="panel" aria-live="polite">
          <h2>
            {salary.location}
            {salary.level === "city" ? `, ${salary.country}` : ""}
          </h2>
          <p style={{ fontSize: "1.5rem" }}>
            <strong>
              {salary.median.toLocaleString("en-US")} {salary.currency}
            </strong>{" "}
            per {salary.period}
          </p>
          <p className="muted">
            Median of {salary.sample_size.toLocaleString("en-US")} postings, as of {salary.as_of} (matched on{" "}
            {salary.matched_on === "country" ? "the country code" : "the place name"}).
          </p>
        </section>
      )}
    </>
  );
}
