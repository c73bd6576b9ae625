// The OpenAPI 3.1 `webhooks`: what this service POSTs to a saved search's endpoint.
import { DELIVERY_JOBS } from "../../saved-searches/limits";
import { SEARCH } from "./examples";
import { type Json, jsonContent, ref } from "./json-schema";

// A real demo job (the reference's search example), new in the import that first held it.
const JOB = SEARCH.items[0];
const EVENT = {
  id: "evt_Qm9vYmFyQmF6UXV4",
  created_at: "2026-11-21T06:02:10.114Z",
  type: "saved_search.new_jobs",
  saved_search: {
    id: "ss_c2F2ZWRzZWFyY2gx",
    name: "Engineers in Germany",
    query: "country=DE&title=engineer",
  },
  import: { seen_at: JOB?.first_seen_at },
  total: 1,
  total_exact: true,
  jobs: [JOB],
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
