// /docs — the API reference: the essentials, then every operation live from /openapi.json.

import { REGIONS } from "@/lib/catalog/countries";
import { MAX_RESULT_WINDOW, PER_PAGE_DEFAULT, PER_PAGE_MAX } from "@/lib/catalog/limits";
import { TIER_NAMES, TIERS } from "@/lib/plans";
import { Explorer } from "./explorer";

const ENDPOINTS = [
  {
    path: "GET /v1/jobs",
    params: `title, country (ISO alpha-2/alpha-3 or ${Object.keys(REGIONS).join(", ")}), page (1…), per_page (1–${PER_PAGE_MAX}, default ${PER_PAGE_DEFAULT}), tz`,
    example: "/v1/jobs?title=engineer&country=DE",
  },
  { path: "GET /v1/jobs/{id}", params: "—", example: "/v1/jobs/job-0000001" },
  {
    path: "GET /v1/salary",
    params: "country (preferred) or title (a country or city name), tz",
    example: "/v1/salary?title=Berlin",
  },
  {
    path: "GET /api/keys/usage",
    params: "tz (or X-Client-Timezone); counts against quota",
    example: "/api/keys/usage?tz=Europe/Berlin",
  },
  { path: "DELETE /api/keys/me", params: "— (revokes the calling key)", example: "/api/keys/me" },
];

const ERRORS = [
  ["400", "invalid_parameter", "a value is malformed or out of range; error.param names it"],
  ["400", "key_in_query", "a key was sent in the URL; send it in X-API-Key only"],
  ["401", "invalid_key", "missing, mistyped, unknown or revoked key"],
  ["401", "key_inactive", "key registered but not confirmed"],
  ["404", "not_found", "unknown job id or no salary snapshot for the location"],
  [
    "429",
    "quota_exceeded",
    "daily or monthly quota used up; error.window and Retry-After say which and when",
  ],
];

export default function DocsPage() {
  return (
    <>
      <h1>API reference</h1>
      <p>
        Every request sends the key in the <code>X-API-Key</code> header. Responses are JSON; errors look like{" "}
        <code>{'{"error": {"code", "message", "request_id", "param"?}}'}</code>. List and detail responses
        carry a weak <code>ETag</code>; send it back in <code>If-None-Match</code> to get a 304.
      </p>
      <p>
        Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1, no key needed).
      </p>
      <h2>Endpoints</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Endpoint</th>
            <th scope="col">Parameters</th>
            <th scope="col">Try</th>
          </tr>
        </thead>
        <tbody>
          {ENDPOINTS.map((e) => (
            <tr key={e.path}>
              <td>
                <code>{e.path}</code>
              </td>
              <td>{e.params}</td>
              <td>
                <pre>{`curl -H "X-API-Key: $KEY" "https://<host>${e.example}"`}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Paging: <code>meta</code> has total, page, per_page, total_pages, max_page, has_more, next_page and
        prev_page, plus a <code>Link</code> header. page × per_page may not exceed{" "}
        {MAX_RESULT_WINDOW.toLocaleString("en-US")}.
      </p>
      <h2>Errors</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Code</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {ERRORS.map(([s, c, w]) => (
            <tr key={c}>
              <td>{s}</td>
              <td>
                <code>{c}</code>
              </td>
              <td>{w}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Limits</h2>
      <p>
        Daily windows reset at 00:00 UTC, monthly ones on the 1st. Every response carries X-RateLimit-Limit,
        -Remaining, -Reset and -Window, and RateLimit-Policy / RateLimit for both windows.
      </p>
      <ul>
        {TIER_NAMES.map((t) => (
          <li key={t}>
            {TIERS[t].name}: {TIERS[t].daily.toLocaleString("en-US")} a day,{" "}
            {TIERS[t].monthly.toLocaleString("en-US")} a month
            {TIERS[t].priceUsd ? `, $${TIERS[t].priceUsd}/month` : ""}
          </li>
        ))}
      </ul>
      <h2>Try it</h2>
      <Explorer />
    </>
  );
}
