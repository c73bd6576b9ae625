// GET /v1/jobs — search the catalog.

import { parseQuery } from "@/lib/api/query";
import { rejectMethod, withV1 } from "@/lib/api/with-v1";
import { resolveCountryFilter } from "@/lib/catalog/countries";
import { assertPageReachable, linkHeader, pageMeta } from "@/lib/catalog/paging";
import { JobSearchQuerySchema } from "@/lib/catalog/schemas";
import { searchJobs } from "@/lib/catalog/search";
import { resetLocal } from "@/lib/time";

export const dynamic = "force-dynamic";

export const GET = withV1(async ({ url, now, timeZone }) => {
  const q = parseQuery(url.searchParams, JobSearchQuerySchema);
  assertPageReachable(q.page, q.per_page);
  const filter = q.country ? (resolveCountryFilter(q.country) ?? undefined) : undefined;
  const { total, items } = await searchJobs({ title: q.title, filter, page: q.page, perPage: q.per_page });
  const meta = pageMeta(total, q.page, q.per_page);
  const zone = timeZone(q.tz);
  return {
    body: { items, meta: zone ? { ...meta, reset_local: resetLocal(now, zone) } : meta },
    headers: linkHeader(url, meta),
  };
});

export const POST = rejectMethod;
export const PUT = rejectMethod;
export const PATCH = rejectMethod;
export const DELETE = rejectMethod;
