// /jobs — search the catalog (server-rendered from the API's own code).
import { searchCatalog } from "@/lib/catalog/queries";
import { spendPageBudget, toSearchParams } from "@/lib/site/budget";
import { loadForPage } from "@/lib/site/page-data";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function JobsPage({ searchParams }: Props) {
  const params = toSearchParams(await searchParams);
  const title = params.get("title") ?? "";
  const country = params.get("country") ?? "";
  const outcome = (await spendPageBudget()) ?? (await loadForPage(() => searchCatalog(params)));
  const result = outcome.ok ? outcome.value : null;
  const error = outcome.ok ? null : outcome.message;
  const pageLink = (page: number) =>
    `/jobs?${new URLSearchParams({ ...(title && { title }), ...(country && { country }), page: String(page) })}`;
  return (
    <>
      <h1>Jobs</h1>
      <form className="panel row" role="search" action="/jobs">
        <label>
          Job title
          <input name="title" defaultValue={title} placeholder="e.g. engineer" />
        </label>
        <label>
          Country or region
          <input name="country" defaultValue={country} placeholder="DE, USA, EU…" />
        </label>
        <button type="submit">Search</button>
      </form>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <>
          <p aria-live="polite">
            {result.meta.total.toLocaleString("en-US")} jobs
            {result.meta.total > 0 && (
              <>
                , page {result.meta.page} of{" "}
                {Math.max(1, Math.min(result.meta.total_pages, result.meta.max_page))}
              </>
            )}
          </p>
          <ul className="results">
            {result.items.map((j) => (
              <li key={j.id}>
                <a href={`/jobs/${encodeURIComponent(j.id)}`}>
                  <strong>{j.title}</strong>
                </a>
                <div>
                  {j.company} · {j.location}
                </div>
                <div className="muted">
                  Posted {j.posted_at.slice(0, 10)}
                  {j.salary_min !== null &&
                    ` · ${j.salary_min.toLocaleString("en-US")}–${(j.salary_max ?? j.salary_min).toLocaleString("en-US")} ${j.salary_currency} per ${j.salary_period}`}
                </div>
              </li>
            ))}
          </ul>
          <nav className="pager" aria-label="Pages">
            {result.meta.prev_page && (
              <a href={pageLink(result.meta.prev_page)} rel="prev">
                ← Previous
              </a>
            )}
            {result.meta.next_page && (
              <a href={pageLink(result.meta.next_page)} rel="next">
                Next →
              </a>
            )}
          </nav>
        </>
      )}
    </>
  );
}
