// GET /v1/jobs/facets — what a search's matches are made of.
import { orThrow } from "@/lib/api/errors";
import { v1Methods } from "@/lib/api/methods";
import { withV1 } from "@/lib/api/with-api-key";
import { facetsCatalog } from "@/lib/catalog/queries";
import { resetLocal } from "@/lib/core/time";

export const dynamic = "force-dynamic";

const get = withV1(async ({ url, now, timeZone }) => {
  const { query, facets } = orThrow(await facetsCatalog(url.searchParams, now));
  const zone = timeZone(query.tz);
  return {
    body: zone ? { ...facets, meta: { ...facets.meta, reset_local: resetLocal(now, zone) } } : facets,
  };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Methods({ GET: get });
