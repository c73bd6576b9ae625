// The OpenAPI 3.1 `webhooks`: what this service POSTs to a saved search's endpoint.
import { DELIVERY_JOBS } from "../../saved-searches/limits";
import { type Json, jsonContent, ref } from "./json-schema";

const EVENT = {
  id: "evt_Qm9vYmFyQmF6UXV4",
  created_at: "2026-11-21T04:02:10.114Z",
  type: "saved_search.new_jobs",
  saved_search: { id: "ss_c2F2ZWRzZWFyY2gx", name: "Python in Germany", query: "country=DE&q=python" },
  import: { seen_at: "2026-11-21T04:00:12.418Z" },
  total: 1,
  total_exact: true,
  jobs: [
    {
      id: "job-0019322",
      title: "Python Developer",
      company: "Riversoft GmbH",
      apply_url: "https://careers.riversoft.example.com/jobs/job-0019322",
      location: "Berlin, Germany",
      city: "Berlin",
      country: "DE",
      employment_type: "full_time",
      remote: "hybrid",
      seniority: "mid",
      salary_min: 62000,
      salary_max: 74000,
      salary_currency: "EUR",
      salary_period: "year",
      salary_source: "stated",
      posted_at: "2026-11-20T09:12:44.000Z",
      first_seen_at: "2026-11-21T04:00:12.418Z",
      last_seen_at: "2026-11-21T04:00:12.418Z",
      expires_at: null,
      latitude: 52.52437,
      longitude: 13.41053,
    },
  ],
};

const header = (name: string, description: string, example: string) => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string", maxLength: 1024 },
  example,
});

export function savedSearchWebhooks(): Json {
  return {
    savedSearchNewJobs: {
      post: {
        operationId: "savedSearchNewJobs",
        tags: ["Saved searches"],
        summary: "New jobs for a saved search",
        description: `Sent to a saved search's webhook after each catalog import that brought jobs matching it (at most one per import and search), and by the Studio's "Send test event" (type saved_search.test, no jobs). It lists the newest ${DELIVERY_JOBS} of them; \`total\` says how many there were. Verify \`Webhook-Signature\` before trusting the body (docs/webhooks-verify.md: HMAC-SHA256 of "\`t\`.body" with the endpoint's secret, within 5 minutes), and deduplicate by \`Webhook-Id\`: a delivery can arrive twice. Answer 2xx within 10 seconds; anything else (a 3xx included, redirects are not followed) is retried with exponential backoff for 24 hours. An endpoint that fails every delivery for 3 days is turned off, and its owner e-mailed. Private, loopback and link-local addresses are never called.`,
        parameters: [
          header("Webhook-Id", "The event's id (the body's `id`): the same on every retry", EVENT.id),
          header(
            "Webhook-Signature",
            "`t=<unix seconds>,v1=<hex HMAC-SHA256>`; two v1 entries while a rotated-out secret still signs",
            "t=1763697730,v1=5f0c2e6f7a1d8b9c4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e",
          ),
        ],
        requestBody: {
          required: true,
          content: jsonContent(ref("SavedSearchEvent"), {
            new_jobs: { summary: "One new job", value: EVENT },
          }),
        },
        responses: {
          200: { description: "Any 2xx: delivered. Anything else, or no answer within 10 s: retried." },
        },
      },
    },
  };
}
