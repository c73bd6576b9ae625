// GET /api/keys/requests — the signed-in user's request log as CSV (the Studio's export).

import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSignedInReads } from "@/lib/api/with-signed-in-reads";
import { parseQueryParams } from "@/lib/core/query-params";
import { exportLimiter, RequestLogFilterSchema, requestLogCsv } from "@/lib/request-log/read";

export const dynamic = "force-dynamic";

const get = withSignedInReads(
  async ({ url, user, now }) => {
    const filter = orThrow(parseQueryParams(url.searchParams, RequestLogFilterSchema));
    const { csv, truncated } = await requestLogCsv(user.id, filter);
    return {
      text: csv,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="requests-${now.toISOString().slice(0, 10)}.csv"`,
        "X-Export-Truncated": String(truncated),
        // Paths and queries are the user's own: kept out of the browser's disk cache.
        "Cache-Control": "private, no-store",
      },
    };
  },
  { limiter: exportLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
