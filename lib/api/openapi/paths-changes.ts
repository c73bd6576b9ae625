// GET /v1/jobs/changes: the feed of what imports added, changed and removed.
import {
  CHANGES_EXPANDED_PER_PAGE_MAX,
  CHANGES_PER_PAGE_MAX,
  ChangesQuerySchema,
} from "../../catalog/change-schemas";
import { CHANGES_SCAN } from "../../catalog/changes";
import { encodeCursor } from "../../catalog/cursor";
import { CHANGES_RETENTION_DAYS } from "../../catalog/import/seen";
import type { CodeSample, SampleRequest } from "./code-samples";
import { RATE } from "./headers";
import { type Json, jsonContent, queryParameters, ref } from "./json-schema";
import { TZ_EXAMPLE } from "./paths-catalog";
import { FILTER_EXAMPLES } from "./paths-facets";
import { conditional, errorResponse, type Responses } from "./responses";

const SINCE = encodeCursor(48_213n);
const SEEN = "2026-11-21T04:00:12.418Z";

export const CHANGES = {
  items: [
    { id: "job-0000547", change: "changed", seen_at: SEEN },
    { id: "job-0019322", change: "added", seen_at: SEEN },
    { id: "job-0007145", change: "removed", seen_at: SEEN },
  ],
  meta: { since: SINCE, next: encodeCursor(48_216n), has_more: false },
};

export function changesPath(o: {
  samples: (r: SampleRequest) => CodeSample[];
  errors: Responses;
  headerParameters: Json[];
  charged: string;
}): Json {
  return {
    get: {
      operationId: "listJobChanges",
      tags: ["Jobs"],
      summary: "What imports changed",
      description: `The jobs each import of the catalog added, changed (anything a job says: title, pay, text, dates…) and removed, in the order the imports made them, so a copy of the catalog or of a search can be kept current without searching again. Call it once without \`since\`: the answer has no changes and \`meta.next\`, the cursor to keep. Later, pass that cursor as \`since\`: you get the changes published after it, a page at a time (follow \`meta.next\` while \`has_more\`; the Link header has rel=next); keep the last \`meta.next\` for the next import's. Cursors are opaque, the same on every server, and last at least ${CHANGES_RETENTION_DAYS} days of imports: an older one is a 410 \`cursor_expired\` (take a new cursor without \`since\`, then list what you follow again with GET /v1/jobs, and go on from that cursor). \`expand=jobs\` adds each added or changed job as served now (\`null\` when a later import removed it).\n\nThe search's parameters narrow the feed: an addition or change is listed when the job, as served now, matches them (\`near\` by the job's own coordinates, as a search); a removal when its country matches the country filter (its other fields went with it: ignore ids you do not hold); filtered by a country alone, a job that changed and is no longer in it is listed as \`left\`. A filtered page reads at most ${CHANGES_SCAN.toLocaleString("en-US")} changes, so it can be short or empty and still have \`has_more\`. Up to ${CHANGES_PER_PAGE_MAX.toLocaleString("en-US")} changes per page, ${CHANGES_EXPANDED_PER_PAGE_MAX} with \`expand=jobs\`.\n\n${o.charged}`,
      parameters: [
        // Nothing sent by the try-it: without since, the answer is the cursor to start from.
        ...queryParameters(
          ChangesQuerySchema,
          {},
          {
            ...FILTER_EXAMPLES,
            title: "engineer",
            country: "DE",
            tz: TZ_EXAMPLE,
            since: SINCE,
            expand: "jobs",
            per_page: 100,
          },
        ),
        ...o.headerParameters,
      ],
      responses: {
        ...conditional(
          jsonContent(ref("ChangesResponse"), {
            changes: { summary: "An import changed one job, added one and removed one", value: CHANGES },
          }),
          RATE,
          ["Link"],
        ),
        ...o.errors,
        410: errorResponse(
          "cursor_expired: the changes after this cursor are no longer kept (charged). Take a new cursor without since, list what you follow again, and go on from that cursor.",
          ["cursor_expired"],
          RATE,
        ),
      },
      "x-codeSamples": o.samples({
        method: "GET",
        path: "/v1/jobs/changes",
        query: { since: SINCE },
        auth: "key",
      }),
    },
  };
}
