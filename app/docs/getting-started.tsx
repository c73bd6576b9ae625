// /docs, first part: from a key to a working client in seven short steps. Figures come from
// the code (plans and limits) so the page cannot disagree with the API.
import { MAX_RESULT_WINDOW, PER_PAGE_DEFAULT, PER_PAGE_MAX } from "@/lib/catalog/limits";
import { KEY_EXPORT, KEY_VAR } from "@/lib/core/key-placeholder";
import { TIER_NAMES, TIERS } from "@/lib/core/plans";
import { etagSample } from "@/lib/site/etag-sample";

const n = (v: number) => v.toLocaleString("en-US");

const HEADERS: [string, string][] = [
  ["X-Request-Id", "this request's id; quote it when something goes wrong"],
  [
    "X-RateLimit-Limit, -Remaining, -Reset",
    "your daily limit, what is left today, and the next reset (UTC epoch seconds)",
  ],
  ["RateLimit-Policy, RateLimit", "both windows, daily and monthly, in the IETF draft format"],
  [
    "X-RateLimit-Scope: address",
    "the figures are your address's limit for requests without a valid key, not your key's",
  ],
  ["ETag", "a tag for the exact body; see step 5"],
  ["Link", "on searches: the next, previous, first and last pages"],
  ["Retry-After", "on a 429 or 503: seconds to wait before trying again"],
];

const ERRORS: [string, string, string][] = [
  [
    "400",
    "invalid_parameter",
    "Fix the parameter named in error.param (unknown and repeated parameters are refused too).",
  ],
  [
    "400",
    "key_in_query",
    "The key was in the URL: move it to X-API-Key, and rotate it (URLs end up in logs).",
  ],
  ["401", "invalid_key, key_inactive", "Check the key, or activate it from the confirmation e-mail."],
  ["404", "not_found", "No such job, or no salary snapshot for that place."],
  ["405", "method_not_allowed", "The API is read-only: GET. Allow lists what a path serves."],
  ["413, 431", "payload_too_large, headers_too_large", "The body or the headers are over 16 KB."],
  ["429", "quota_exceeded, rate_limited", "Wait Retry-After seconds, or upgrade your plan."],
  ["500", "internal_error", "Our bug: it is logged; send us the request id."],
  ["503", "service_unavailable", "A dependency is away: retry after Retry-After."],
];

const ERROR_EXAMPLE = {
  error: {
    code: "invalid_parameter",
    message: `per_page: must be at most ${PER_PAGE_MAX}`,
    request_id: "req_Q2xN7kLm3pR5tVw8",
    param: "per_page",
  },
};

export function GettingStarted({ origin, keylessDaily }: { origin: string; keylessDaily: number }) {
  return (
    <section aria-labelledby="getting-started">
      <h2 id="getting-started">Getting started</h2>

      <h3 id="get-a-key">1. Get a key</h3>
      <p>
        Sign in to the <a href="/studio">Studio</a> and register a key. It arrives by e-mail with a
        confirmation link: open it and press <em>Activate key</em>. The key (<code>jsk_</code> and 36
        characters) is in that e-mail only, so keep it in an environment variable or a secret store, never in
        code, a web page or a URL. Lost it? Revoke it in the Studio and register a new one.
      </p>
      <pre>
        <code>{KEY_EXPORT}</code>
      </pre>

      <h3 id="first-call">2. Make your first call</h3>
      <p>
        Send the key in the <code>X-API-Key</code> header. <code>-i</code> shows the response headers:
      </p>
      <pre>
        <code>{`curl -i -H "X-API-Key: ${KEY_VAR}" "${origin}/v1/jobs?title=engineer&country=DE"`}</code>
      </pre>
      <p>
        The answer is JSON: <code>items</code>, the matching jobs, and <code>meta</code> with the exact{" "}
        <code>total</code> and the pages around this one. Then try one job (<code>/v1/jobs/job-0000001</code>
        ), a salary median (<code>/v1/salary?country=DE</code>) or your own usage (
        <code>/api/keys/usage</code>).
      </p>

      <h3 id="headers">3. Read the headers</h3>
      <dl className="docs-terms">
        {HEADERS.map(([name, what]) => (
          <div key={name}>
            <dt>
              <code>{name}</code>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>

      <h3 id="errors">4. Handle errors</h3>
      <p>
        Every error has the same shape. Branch on <code>error.code</code>, which is stable; the message is for
        people. <code>param</code> names a wrong parameter, <code>window</code> the quota that ran out.
      </p>
      <pre>
        <code>{JSON.stringify(ERROR_EXAMPLE, null, 2)}</code>
      </pre>
      <div className="docs-table docs-stack">
        <table>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Code</th>
              <th scope="col">What to do</th>
            </tr>
          </thead>
          <tbody>
            {ERRORS.map(([status, code, what]) => (
              <tr key={code}>
                <td>{status}</td>
                <td>
                  <code>{code}</code>
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3 id="etags">5. Save requests with ETags</h3>
      <p>
        Every 200 carries a weak <code>ETag</code>. Send it back in <code>If-None-Match</code>: when nothing
        changed, the answer is <strong>304 Not Modified</strong>, which costs no quota.
      </p>
      <pre>
        <code>{etagSample(origin)}</code>
      </pre>
      <p className="notice">
        A 304 has <strong>no body</strong>: keep using the copy you have. Generated clients may not expect
        that; openapi-fetch, for one, reports a 304 as an error with an empty body, so check{" "}
        <code>response.status === 304</code> before you treat it as a failure.
      </p>

      <h3 id="limits">6. Limits</h3>
      <div className="docs-table">
        <table>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Per day</th>
              <th scope="col">Per month</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {TIER_NAMES.map((t) => (
              <tr key={t}>
                <td>{TIERS[t].name}</td>
                <td>{n(TIERS[t].daily)}</td>
                <td>{n(TIERS[t].monthly)}</td>
                <td>{TIERS[t].priceUsd ? `$${TIERS[t].priceUsd} a month` : "free"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul>
        <li>
          Days reset at 00:00 UTC, months at 00:00 UTC on the 1st. A request is admitted only when both
          windows have room, and uses one unit of each.
        </li>
        <li>
          Pages: <code>per_page</code> 1–{PER_PAGE_MAX} (default {PER_PAGE_DEFAULT}), and <code>page</code> ×{" "}
          <code>per_page</code> at most {n(MAX_RESULT_WINDOW)}; <code>meta.max_page</code> says how deep you
          can go.
        </li>
        <li>
          Requests without a valid key: {n(keylessDaily)} per address per UTC day, then 429{" "}
          <code>rate_limited</code>.
        </li>
      </ul>

      <h3 id="quota">7. What counts against your quota</h3>
      <ul>
        <li>
          <strong>Charged:</strong> every answer to a valid key, including a 400 or 404 (the work of reading
          and refusing was done). <code>GET /api/keys/usage</code> counts itself.
        </li>
        <li>
          <strong>Given back:</strong> a 304 Not Modified, a 405, and any 5xx (such as a 503 while the
          database is away). With ETags, unchanged data costs nothing.
        </li>
        <li>
          <strong>Never charged:</strong> a 429, and answers without a valid key (401,{" "}
          <code>key_in_query</code>
          ): those count against your address's keyless limit instead. Revoking (
          <code>DELETE /api/keys/me</code>) is free.
        </li>
        <li>
          Quotas belong to you, not to the key: a new key carries on with the day's and the month's counts.
        </li>
      </ul>
    </section>
  );
}
