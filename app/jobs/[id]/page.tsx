// /jobs/{id} — one job, with the way back to the search it came from and to the pay where it is.
// An id the catalog does not have is a 404 (app/jobs/[id]/not-found.tsx).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { countryName } from "@/lib/catalog/countries";
import { jobById } from "@/lib/catalog/queries";
import { env } from "@/lib/core/env";
import { KEY_VAR } from "@/lib/core/key-placeholder";
import { dateText, employmentText, payStandingText, payText, valueText } from "@/lib/site/format";
import { salaryLinksFor, searchContext, searchHref } from "@/lib/site/job-links";
import { spendPageLimit } from "@/lib/site/limits";
import { loadForPage } from "@/lib/site/page-data";
import { toSearchParams } from "@/lib/site/search-params";
import { CodeBlock } from "../../components/code-block";
import { titled } from "../../components/page-title";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** A malformed escape (`%FF`) is just an id that does not exist. */
function decodedOrRaw(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// One request of the site limit and one lookup per request, shared by the page and its <title>.
const load = cache(
  async (id: string) => (await spendPageLimit()) ?? (await loadForPage(() => jobById(decodedOrRaw(id)))),
);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const outcome = await load((await params).id);
  if (outcome.ok) return { title: titled(`${outcome.value.job.title} at ${outcome.value.job.company}`) };
  if (outcome.code === "rate_limited") return { title: titled("Too many requests") };
  return {
    title: titled(outcome.code === "service_unavailable" ? "Temporarily unavailable" : "Job not found"),
  };
}

export default async function JobPage({ params, searchParams }: Props) {
  const { id } = await params;
  const back = searchHref(searchContext(toSearchParams(await searchParams)));
  const outcome = await load(id);
  if (!outcome.ok && (outcome.code === "not_found" || outcome.code === "invalid_parameter")) notFound();
  if (!outcome.ok) {
    return (
      <>
        <p>
          <a href={back}>← Back to the search</a>
        </p>
        <h1>{outcome.code === "service_unavailable" ? "Temporarily unavailable" : "Too many requests"}</h1>
        <p className="notice error" role="alert">
          {outcome.message}
        </p>
      </>
    );
  }
  const { job } = outcome.value;
  const pay = payText(job);
  const standing = payStandingText(job.pay_percentile, job.title, countryName(job.country));
  const salaryLinks = await loadForPage(async () => ({
    ok: true as const,
    value: await salaryLinksFor(job),
  }));
  return (
    <>
      <p>
        <a href={back}>← Back to the search</a>
      </p>
      <article className="job-layout">
        <header className="job-head">
          <h1>{job.title}</h1>
          <p className="lede">
            {job.company} · {job.location}
          </p>
        </header>
        <aside className="card job-side" aria-label="At a glance">
          <dl className="facts">
            <dt>Company</dt>
            <dd>{job.company}</dd>
            <dt>Location</dt>
            <dd>{job.location}</dd>
            <dt>Work</dt>
            <dd>{valueText(job.remote) ?? <span className="muted">not stated</span>}</dd>
            <dt>Seniority</dt>
            <dd>{valueText(job.seniority) ?? <span className="muted">not stated</span>}</dd>
            {job.employment_type && (
              <>
                <dt>Type</dt>
                <dd>{employmentText(job.employment_type)}</dd>
              </>
            )}
            <dt>Pay</dt>
            <dd>
              {pay ? <span className="pay">{pay}</span> : <span className="muted">not advertised</span>}
              {job.salary_source === "parsed" && (
                <span className="pay-source">Read from the ad&rsquo;s text, not a salary field</span>
              )}
              {standing && <span className="pay-standing">{standing}</span>}
            </dd>
            <dt>Posted</dt>
            <dd>{dateText(job.posted_at)}</dd>
          </dl>
          {job.apply_url ? (
            <a className="button" href={job.apply_url} rel="noopener noreferrer nofollow" target="_blank">
              Apply <span className="visually-hidden">(opens in a new tab)</span>
            </a>
          ) : (
            <p className="muted">This posting has no application link.</p>
          )}
          {salaryLinks.ok && (
            <>
              <h2 className="side-h">Pay where this job is</h2>
              <ul className="side-links">
                {salaryLinks.value.map((l) => (
                  <li key={l.href}>
                    <a href={l.href}>{l.label}</a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </aside>
        <div className="job-body">
          {job.description.split(/\n{2,}/).map((para, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one immutable text never reorder
            <p key={i}>{para}</p>
          ))}
          <h2>This job in the API</h2>
          <CodeBlock
            label="Request"
            wrap
            code={`curl -H "X-API-Key: ${KEY_VAR}" \\\n  "${env().APP_URL}/v1/jobs/${encodeURIComponent(job.id)}"`}
          />
        </div>
      </article>
    </>
  );
}
