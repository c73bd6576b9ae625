// GET /v1/jobs — search the catalog.
import { orThrow } from "@/lib/api/errors";
import { linkHeader } from "@/lib/api/link-header";
import { rejectMethod, withV1 } from "@/lib/api/with-api-key";
import { searchCatalog } from "@/lib/catalog/queries";
import { resetLocal } from "@/lib/time";

export const dynamic = "force-dynamic";

export const GET = withV1(async ({ url, now, timeZone }) => {
  const { query, items, meta } = orThrow(await searchCatalog(url.searchParams));
  const zone = timeZone(query.tz);
  return {
    body: { items, meta: zone ? { ...meta, reset_local: resetLocal(now, zone) } : meta },
    headers: linkHeader(url, meta),
  };
});

export const POST = rejectMethod;
export const PUT = rejectMethod;
export const PATCH = rejectMethod;
export const DELETE = rejectMethod;
