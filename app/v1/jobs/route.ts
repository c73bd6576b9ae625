// GET /v1/jobs — search the catalog.
import { orThrow } from "@/lib/api/errors";
import { linkHeader } from "@/lib/api/link-header";
import { v1Methods } from "@/lib/api/methods";
import { withV1 } from "@/lib/api/with-api-key";
import { searchCatalog } from "@/lib/catalog/queries";
import { resetLocal } from "@/lib/core/time";

export const dynamic = "force-dynamic";

const get = withV1(async ({ url, now, timeZone }) => {
  const { query, page } = orThrow(await searchCatalog(url.searchParams, now));
  const zone = timeZone(query.tz);
  return {
    body: zone ? { ...page, meta: { ...page.meta, reset_local: resetLocal(now, zone) } } : page,
    headers: linkHeader(url, page.meta),
  };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Methods({ GET: get });
