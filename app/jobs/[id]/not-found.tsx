// A job id the catalog does not have (removed in a newer snapshot, or mistyped): status 404.
export default function JobNotFound() {
  return (
    <section className="hero">
      <p className="eyebrow">Error 404</p>
      <h1>Job not found</h1>
      <p className="lede">
        The current catalog has no job with this id. Catalogs are snapshots: a posting can leave with the next
        import.
      </p>
      <div className="actions">
        <a className="button" href="/jobs">
          Search jobs
        </a>
      </div>
    </section>
  );
}
