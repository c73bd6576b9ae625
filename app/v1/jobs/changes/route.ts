// GET /v1/jobs/changes — what the imports since a cursor added, changed and removed.
import { orThrow } from "@/lib/api/errors";
import { cursorLinkHeader } from "@/lib/api/link-header";
import { v1Methods } from "@/lib/api/methods";
import { withV1 } from "@/lib/api/with-api-key";
import { changesCatalog } from "@/lib/catalog/queries";
import { resetLocal } from "@/lib/core/time";

export const dynamic = "force-dynamic";

const get = withV1(async ({ url, now, timeZone }) => {
  const { query, page } = orThrow(await changesCatalog(url.searchParams, now));
  const zone = timeZone(query.tz);
  return {
    body: zone ? { ...page, meta: { ...page.meta, reset_local: resetLocal(now, zone) } } : page,
    headers: cursorLinkHeader(url, page.meta.next, page.meta.has_more),
  };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Methods({ GET: get });
