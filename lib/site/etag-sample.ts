// The ETag example of the docs: two requests, the second sending back the tag the first
// answered with, so it shows a 304 on any catalog. A fixed tag in the example would match
// only the catalog it was copied from.
import { KEY_VAR } from "../core/key-placeholder";

export const ETAG_SAMPLE_PATH = "/v1/jobs/job-0000001";

export function etagSample(origin: string): string {
  const url = `${origin}${ETAG_SAMPLE_PATH}`;
  return [
    "# 1. A first request: 200 with the body; keep its ETag",
    `etag=$(curl -s -o /dev/null -D - -H "X-API-Key: ${KEY_VAR}" "${url}" \\`,
    `  | awk 'tolower($1) == "etag:" { print $2 }' | tr -d '\\r')`,
    "# 2. The same request with that ETag: 304 Not Modified, no body, not charged",
    `curl -i -H "X-API-Key: ${KEY_VAR}" -H "If-None-Match: $etag" "${url}"`,
  ].join("\n");
}
