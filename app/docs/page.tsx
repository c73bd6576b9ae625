// /docs — the developer documentation: getting started, then the rendered reference of
// /openapi.json with a try-it for every operation.
import { headers } from "next/headers";
import { nonceOf } from "@/lib/api/page-nonce";
import { env } from "@/lib/core/env";
import { ApiReference } from "./api-reference";
import { GettingStarted } from "./getting-started";
import "./docs.css";

export const metadata = { title: "API documentation · Jobs & Salary Lookup API" };

const ON_THIS_PAGE: [string, string][] = [
  ["get-a-key", "Get a key"],
  ["first-call", "First call"],
  ["headers", "Headers"],
  ["errors", "Errors"],
  ["etags", "ETags and 304"],
  ["limits", "Limits"],
  ["quota", "What is charged"],
  ["reference", "Reference"],
];

export default async function DocsPage() {
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  const { APP_URL, KEYLESS_DAILY_LIMIT } = env();
  return (
    <div className="docs">
      <div className="docs-column">
        <h1>API documentation</h1>
        <p className="docs-lead">
          Search a job catalog and look up salary medians over a read-only JSON API. Start here, then look up
          anything in the <a href="#reference">reference</a>. Machine-readable:{" "}
          <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1, no key needed).
        </p>
        <nav aria-label="On this page" className="docs-toc">
          <ul>
            {ON_THIS_PAGE.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <GettingStarted origin={APP_URL} keylessDaily={KEYLESS_DAILY_LIMIT} />
        <h2 id="reference">Reference</h2>
        <p>
          Every operation with its parameters, responses, headers and code samples in curl, JavaScript and
          Python. <em>Test Request</em> sends a real request from this page: your key goes in the{" "}
          <code>X-API-Key</code> header only, is kept in this page's memory and never stored, and the call
          counts against your quota like any other. Its first request is filled in and works as it is on the
          demo catalog; the other parameters show an example in their description, to add as you need them.
        </p>
      </div>
      <ApiReference nonce={nonce} />
      <div className="docs-column docs-footer">
        <h2 id="support">Support</h2>
        <p>
          Every response carries an <code>X-Request-Id</code> (also <code>request_id</code> in error bodies).
          When you report a problem to the people who run this service, include it: it finds your request in
          the logs. Never include your key.
        </p>
        <h2 id="license">License</h2>
        <p>
          The API, this documentation and the catalog data are proprietary, all rights reserved. Using the API
          needs a key and is subject to your plan's limits.
        </p>
      </div>
    </div>
  );
}
