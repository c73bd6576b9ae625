// /jobs/{id} — one job.
import { siteJob, spendPageBudget, userError } from "@/lib/site/queries";

export const dynamic = "force-dynamic";

export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  let job: Awaited<ReturnType<typeof siteJob>>;
  try {
    await spendPageBudget();
    job = await siteJob(decodeURIComponent(id));
  } catch (err) {
    return (
      <>
        <h1>Job not found</h1>
        <p className="notice error" role="alert">
          {userError(err)}
        </p>
        <p>
          <a href="/jobs">Back to the search</a>
        </p>
      </>
    );
  }
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
        <p key={i}>{para}</p>
      ))}
      <p>
        <a href="/jobs">Back to the search</a>
      </p>
    </article>
  );
}
