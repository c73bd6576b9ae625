// /jobs — search the catalog (server-rendered from the API's own code). Countries may be typed
// as names; page numbers, and suggestions when nothing matches.
import type { Metadata } from "next";
import { dateText, employmentText, jobsFound, payText, typedText, valueText } from "@/lib/site/format";
import { jobHref, searchContext } from "@/lib/site/job-links";
import { spendPageLimit } from "@/lib/site/limits";
import { loadForPage } from "@/lib/site/page-data";
import { countryFromInput, FILTER_KEYS, siteFacets, siteSearch, suggestionsFor } from "@/lib/site/search";
import { toSearchParams } from "@/lib/site/search-params";
import { titled } from "../components/page-title";
import { Pager } from "../components/pager";
import { MoreFilters } from "./more-filters";
import { SearchForm } from "./search-form";
import { Suggestions } from "./suggestions";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const params = toSearchParams(await searchParams);
  const title = typedText(params.get("title") ?? "");
  const country = countryFromInput(typedText(params.get("country") ?? ""));
  const what = title ? `“${title}” jobs` : "Jobs";
  return { title: titled(country ? `${what} in ${country.label}` : what) };
}

export default async function JobsPage({ searchParams }: Props) {
  const params = toSearchParams(await searchParams);
  const title = params.get("title") ?? "";
  const keywords = params.get("q") ?? "";
  const country = params.get("country") ?? "";
  const outcome = (await spendPageLimit()) ?? (await loadForPage(() => siteSearch(params)));
  const result = outcome.ok ? outcome.value : null;
  const context = searchContext(params);
  // Facets only for a search that ran (its rules passed), without counting twice against the
  // site limit.
  const facets = outcome.ok ? await loadForPage(() => siteFacets(params)) : null;
  const pageLink = (page: number) => {
    const q = new URLSearchParams({
      ...(keywords && { q: keywords }),
      ...(title && { title }),
      ...(country && { country }),
    });
    for (const k of FILTER_KEYS) for (const v of params.getAll(k)) if (v.trim()) q.append(k, v);
    q.set("page", String(page));
    return `/jobs?${q}`;
  };
  const last = result ? Math.max(1, Math.min(result.meta.total_pages, result.meta.max_page)) : 1;
  const suggestions =
    result && result.meta.total === 0
      ? await loadForPage(async () => ({
          ok: true as const,
          value: await suggestionsFor(title, result.country),
        }))
      : null;
  return (
    <>
      <h1>Jobs</h1>
      <section className="card" aria-label="Search">
        <SearchForm
          keywords={keywords}
          title={title}
          country={country}
          invalid={!outcome.ok && outcome.code === "invalid_parameter" ? outcome.param : undefined}
        >
          <MoreFilters params={params} facets={facets?.ok ? facets.value : null} />
        </SearchForm>
      </section>
      {!outcome.ok && (
        <p className="notice error" role="alert">
          {outcome.message}
        </p>
      )}
      {result && (
        <>
          <p className="result-count" aria-live="polite">
            <strong>{jobsFound(result.meta.total, result.meta.total_exact)}</strong>
            {result.meta.total > 0 && (
              <>
                , page {result.meta.page}
                {result.meta.total_exact && <> of {last}</>}
              </>
            )}
            {result.country && <span className="muted"> · in {result.country.label}</span>}
          </p>
          {result.meta.total === 0 && suggestions?.ok && (
            <Suggestions title={title} country={result.country} {...suggestions.value} />
          )}
          {result.items.length === 0 && result.meta.total > 0 && (
            <p className="notice warn">
              This page is past the last one. <a href={pageLink(last)}>Go to page {last}</a>.
            </p>
          )}
          <ul className="results">
            {result.items.map((j) => {
              const pay = payText(j);
              const kind = [
                valueText(j.remote),
                valueText(j.seniority),
                j.employment_type && employmentText(j.employment_type),
              ].filter(Boolean);
              return (
                <li key={j.id}>
                  <a className="job-title" href={jobHref(j.id, context)}>
                    {j.title}
                  </a>
                  <p className="job-meta">
                    <span className="company">{j.company}</span> · {j.location}
                  </p>
                  {kind.length > 0 && (
                    <p className="tags">
                      {kind.map((t) => (
                        <span key={t}>{t}</span>
                      ))}
                    </p>
                  )}
                  <p className="job-meta">
                    Posted {dateText(j.posted_at)}
                    {pay && (
                      <>
                        {" · "}
                        <span className="pay">{pay}</span>
                      </>
                    )}
                  </p>
                </li>
              );
            })}
          </ul>
          <Pager page={result.meta.page} last={last} href={pageLink} />
        </>
      )}
    </>
  );
}
