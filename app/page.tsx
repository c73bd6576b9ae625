// / — what the API is, a live request and its real answer, and the ways on: the reference, the
// Studio (a key) and the plans.
import { env } from "@/lib/core/env";
import { KEY_EXPORT, KEY_VAR } from "@/lib/core/key-placeholder";
import { homeExample } from "@/lib/site/home-example";
import { CodeBlock } from "./components/code-block";
import { PlanCards } from "./components/plan-cards";
import { SearchForm } from "./jobs/search-form";

export const dynamic = "force-dynamic";

export default async function Home() {
  const example = await homeExample();
  const curl = example.ok
    ? `curl -H "X-API-Key: ${KEY_VAR}" \\\n  "${env().APP_URL}${example.value.path}"`
    : null;
  return (
    <>
      <section className="hero" aria-labelledby="hero-h">
        <p className="eyebrow">JSON API · job catalog · salary medians</p>
        <h1 id="hero-h">Jobs &amp; Salary Lookup API</h1>
        <p className="lede">
          Search job postings by title and country, fetch any one of them, and look up the median salary of a
          country or city, through one read-only JSON API that takes your key in a header.
        </p>
        <div className="actions">
          <a className="button" href="/docs">
            Read the docs
          </a>
          <a className="button secondary" href="/studio">
            Get a free API key
          </a>
          <a className="button secondary" href="#plans">
            See the plans
          </a>
        </div>
      </section>

      <section className="card" aria-labelledby="live-h">
        <div className="card-head">
          <h2 id="live-h">A live request</h2>
          {example.ok && <span className="badge">HTTP 200 · application/json</span>}
        </div>
        {example.ok && curl ? (
          <>
            <p className="muted">
              The first of {example.value.total.toLocaleString("en-US")} matching jobs, answered just now from
              the live catalog by the same code that serves the API. It reads your key from{" "}
              <code>{KEY_VAR}</code>: run <code>{KEY_EXPORT}</code> with your key first.
            </p>
            {example.value.demo && (
              <p className="notice info" id="demo-catalog">
                This catalog is the synthetic demo: every job, company and salary in it is generated, and none
                describes a real employer or pay. An operator serves real data by importing a JSON Lines, CSV
                or schema.org JobPosting file with <code>npm run catalog:import</code> (see the README and{" "}
                <code>docs/operations.md</code>).
              </p>
            )}
            <div className="grid-2">
              <div>
                <CodeBlock label="Request" code={curl} wrap />
                <ul className="example-notes">
                  <li>
                    <code>items</code> holds the jobs of the page; <code>per_page=1</code> asked for one.
                  </li>
                  <li>
                    <code>meta.total</code> is exact: {example.value.total.toLocaleString("en-US")} jobs
                    match.
                  </li>
                  <li>
                    <code>next_page</code> and the <code>Link</code> header lead on. A page past the 10,000th
                    result is refused, never silently empty.
                  </li>
                  <li>
                    Every answer says what is left of your quota in <code>X-RateLimit-Remaining</code>.
                  </li>
                </ul>
                <p style={{ marginTop: "var(--s-4)" }}>
                  <a href="/docs">Try every endpoint in the API reference →</a>
                </p>
              </div>
              <CodeBlock label="Response" tall code={JSON.stringify(example.value.body, null, 2)} />
            </div>
          </>
        ) : (
          <p className="notice warn">{example.ok ? null : example.message}</p>
        )}
      </section>

      <section className="card" aria-labelledby="search-h">
        <h2 id="search-h">Or search right here</h2>
        <SearchForm submitLabel="Search jobs" />
      </section>

      <section aria-labelledby="how-h">
        <h2 id="how-h">Get going in three steps</h2>
        <ol className="steps">
          <li>
            <h3>Sign in</h3>
            <p>
              In the <a href="/studio">Studio</a>, with an e-mail link. No password.
            </p>
          </li>
          <li>
            <h3>Register a key</h3>
            <p>It arrives by e-mail, shown that once. Confirm it with the link beside it.</p>
          </li>
          <li>
            <h3>Call the API</h3>
            <p>
              Send the key in the <code>X-API-Key</code> header. Every endpoint is in the{" "}
              <a href="/docs">reference</a>.
            </p>
          </li>
        </ol>
      </section>

      <section id="plans" aria-labelledby="plans-h">
        <h2 id="plans-h">Plans</h2>
        <p className="muted">
          Daily limits reset at 00:00 UTC, monthly ones on the 1st. Every answer says what is left.
        </p>
        <PlanCards />
      </section>
    </>
  );
}
