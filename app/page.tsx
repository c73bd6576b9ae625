// / — what the service is, a search box, and where to get a key.
export default function Home() {
  return (
    <>
      <h1>Jobs &amp; Salary Lookup API</h1>
      <p>
        A read-only JSON API over a searchable job catalog and a snapshot of location salary medians, with
        honest paging, clear errors and the limits in every response.
      </p>
      <form action="/jobs" className="panel row" role="search">
        <label>
          Job title
          <input name="title" placeholder="e.g. data engineer" />
        </label>
        <label>
          Country or region
          <input name="country" placeholder="DE, USA, EU…" />
        </label>
        <button type="submit">Search jobs</button>
      </form>
      <p>
        <a href="/studio">Get an API key</a> in the Studio (free: 50 requests a day, 500 a month), or look up
        a <a href="/salary">salary median</a>.
      </p>
    </>
  );
}
