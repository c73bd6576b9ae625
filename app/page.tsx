// / — what the API offers, with copyable examples.
const EXAMPLES = ["/v1/jobs?title=engineer&country=DE", "/v1/jobs/job-0000001", "/v1/salary?country=DE", "/v1/salary?title=Berlin"];

export default function Home() {
  return (
    <main>
      <h1>Jobs &amp; Salary Lookup API</h1>
      <p>A read-only JSON API over a searchable job catalog and a snapshot of location salary medians.</p>
      <h2>Try it</h2>
      <ul>
        {EXAMPLES.map((path) => (
          <li key={path}>
            <a href={path}>
              <code>GET {path}</code>
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
