// /salary — a location's median advertised pay, by country (name or code) or by a place name.
import type { Metadata } from "next";
import { countryName } from "@/lib/catalog/countries";
import { env } from "@/lib/core/env";
import { KEY_VAR } from "@/lib/core/key-placeholder";
import { count, typedText } from "@/lib/site/format";
import { spendPageLimit } from "@/lib/site/limits";
import { loadForPage } from "@/lib/site/page-data";
import { siteSalary, siteSalaryHistory } from "@/lib/site/salary";
import { toSearchParams } from "@/lib/site/search-params";
import { CodeBlock } from "../components/code-block";
import { titled } from "../components/page-title";
import { PayBand } from "./pay-band";
import { PayTrend } from "./pay-trend";

export const dynamic = "force-dynamic";

/** What to try first: countries and cities of the catalog, each a link to its median. */
const SAMPLES = [
  ["Germany", "country=DE"],
  ["Berlin", "title=Berlin"],
  ["United Kingdom", "country=GB"],
  ["London", "title=London"],
  ["United States", "country=US"],
  ["France", "country=FR"],
] as const;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const params = toSearchParams(await searchParams);
  const place = typedText(params.get("country") ?? params.get("title") ?? "");
  return { title: titled(place ? `Median pay in ${place}` : "Salary medians") };
}

export default async function SalaryPage({ searchParams }: Props) {
  const params = toSearchParams(await searchParams);
  const asked = params.has("country") || params.has("title");
  // An empty form reads nothing, so it counts nothing against the address's site limit.
  const outcome = asked ? ((await spendPageLimit()) ?? (await loadForPage(() => siteSalary(params)))) : null;
  const salary = outcome?.ok ? outcome.value.salary : null;
  // The trend is an extra: when it cannot be read the median still shows.
  const history = salary ? await loadForPage(() => siteSalaryHistory(salary)) : null;
  const points = history?.ok ? history.value.history.points : [];
  const apiQuery = salary
    ? new URLSearchParams(
        salary.matched_on === "country" ? { country: salary.country } : { title: params.get("title") ?? "" },
      )
    : null;
  return (
    <>
      <h1>Salary medians</h1>
      <p className="lede">
        The median advertised pay of a country or a large city, from the current snapshot, with its spread and
        how it moved over past snapshots. It is a location median, not a band for one role.
      </p>
      <section className="card" aria-label="Look up a median">
        <form action="/salary">
          <div className="search">
            <div className="field">
              <label htmlFor="s-country">Country</label>
              <input
                id="s-country"
                name="country"
                defaultValue={params.get("country") ?? ""}
                placeholder="Germany, DE or DEU"
              />
            </div>
            <div className="field">
              <label htmlFor="s-place">…or a place</label>
              <input
                id="s-place"
                name="title"
                defaultValue={params.get("title") ?? ""}
                placeholder="Berlin, or Cambridge, US"
              />
            </div>
            <div className="actions">
              <button type="submit">Look up</button>
            </div>
          </div>
        </form>
      </section>
      {!asked && (
        <section className="card" aria-labelledby="salary-try-h">
          <h2 id="salary-try-h">Try one</h2>
          <ul className="chips">
            {SAMPLES.map(([label, query]) => (
              <li key={label}>
                <a href={`/salary?${query}`}>{label}</a>
              </li>
            ))}
          </ul>
          <p className="muted" style={{ maxWidth: "72ch" }}>
            A country is looked up by name or ISO code. A place name finds the city of that name with the most
            postings; add a country code when two countries share it (Cambridge, US). A place the current
            snapshot has no median for is answered as not found.
          </p>
        </section>
      )}
      {outcome && !outcome.ok && (
        <p className="notice error" role="alert">
          {outcome.message}
        </p>
      )}
      {salary && apiQuery && (
        <section className="card" aria-labelledby="salary-h" aria-live="polite">
          <p className="eyebrow">Median advertised pay</p>
          <h2 id="salary-h">
            {salary.location}
            {salary.level === "city" ? `, ${countryName(salary.country)}` : ""}
          </h2>
          <p className="figure">
            {count(salary.median)} {salary.currency} <small>a {salary.period}</small>
          </p>
          <p className="muted">
            Median of {count(salary.sample_size)} postings, as of {salary.as_of}; matched on{" "}
            {salary.matched_on === "country" ? "the country" : "the place name"}.
          </p>
          <PayBand pay={salary} />
          {points.length > 0 && <PayTrend points={points} location={salary.location} />}
          <p>
            {salary.level === "city" ? (
              <>
                <a href={`/jobs?${new URLSearchParams({ country: salary.country, city: salary.location })}`}>
                  Jobs in {salary.location}
                </a>
                {" · "}
                <a href={`/jobs?country=${salary.country}`}>all of {countryName(salary.country)}</a>
              </>
            ) : (
              <a href={`/jobs?country=${salary.country}`}>Jobs in {countryName(salary.country)}</a>
            )}
          </p>
          <CodeBlock
            label="The same in the API"
            wrap
            code={`curl -H "X-API-Key: ${KEY_VAR}" \\\n  "${env().APP_URL}/v1/salary?${apiQuery}"`}
          />
        </section>
      )}
    </>
  );
}
