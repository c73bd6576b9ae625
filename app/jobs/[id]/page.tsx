// /jobs/{id} — one job.
import { jobById } from "@/lib/catalog/queries";
import { spendPageBudget } from "@/lib/site/budget";
import { loadForPage } from "@/lib/site/page-data";

export const dynamic = "force-dynamic";

/** A malformed escape (`%FF`) is just an id that does not exist. */
function decodedOrRaw(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const outcome = (await spendPageBudget()) ?? (await loadForPage(() => jobById(decodedOrRaw(id))));
  if (!outcome.ok) {
    return (
      <>
        <h1>{outcome.code === "service_unavailable" ? "Temporarily unavailable" : "Job not found"}</h1>
        <p className="notice error" role="alert">
          {outcome.message}
        </p>
        <p>
          <a href="/jobs">Back to the search</a>
        </p>
      </>
    );
  }
  const { job } = outcome.value;
  return (
    <article>
      <h1>{job.title}</h1>
      <dl className="facts">
        <dt>Company</dt>
        <dd>{job.company}</dd>
        <dt>Location</dt>
        <dd>{job.location}</dd>
        {job.employment_type && (
          <>
            <dt>Type</dt>
            <dd>{job.employment_type.replace("_", " ")}</dd>
          </>
        )}
        {job.salary_min !== null && (
          <>
            <dt>Salary</dt>
            <dd>
              {job.salary_min.toLocaleString("en-US")}–
              {(job.salary_max ?? job.salary_min).toLocaleString("en-US")} {job.salary_currency} per{" "}
              {job.salary_period}
            </dd>
          </>
        )}
        <dt>Posted</dt>
        <dd>{job.posted_at.slice(0, 10)}</dd>
      </dl>
      {job.apply_url ? (
        <p>
          <a className="button" href={job.apply_url} rel="noopener noreferrer nofollow" target="_blank">
            Apply
          </a>
        </p>
      ) : (
        <p className="muted">This posting has no application link.</p>
      )}
      {job.description.split(/\n{2,}/).map((para, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one immutable text never reorder
        <p key={i}>{para}</p>
      ))}
      <p>
        <a href="/jobs">Back to the search</a>
      </p>
    </article>
  );
}
