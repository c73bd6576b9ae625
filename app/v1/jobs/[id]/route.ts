// GET /v1/jobs/{id} — one job, flattened.
import { orThrow } from "@/lib/api/errors";
import { v1Methods } from "@/lib/api/methods";
import { withV1 } from "@/lib/api/with-api-key";
import { jobById } from "@/lib/catalog/queries";
import { resetLocal } from "@/lib/core/time";

export const dynamic = "force-dynamic";

const get = withV1(async ({ params, url, now, timeZone }) => {
  const { query, job } = orThrow(await jobById(params.id ?? "", url.searchParams));
  const zone = timeZone(query.tz);
  return { body: zone ? { ...job, reset_local: resetLocal(now, zone) } : job };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Methods({ GET: get });
