// GET /v1/jobs/pay — the advertised pay of a search's matches: percentiles per currency.
import { orThrow } from "@/lib/api/errors";
import { v1Methods } from "@/lib/api/methods";
import { withV1 } from "@/lib/api/with-api-key";
import { payCatalog } from "@/lib/catalog/queries";
import { resetLocal } from "@/lib/core/time";

export const dynamic = "force-dynamic";

const get = withV1(async ({ url, now, timeZone }) => {
  const { query, pay } = orThrow(await payCatalog(url.searchParams, now));
  const zone = timeZone(query.tz);
  return { body: zone ? { ...pay, meta: { ...pay.meta, reset_local: resetLocal(now, zone) } } : pay };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Methods({ GET: get });
