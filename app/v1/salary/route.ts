// GET /v1/salary — location median by country, or by a place name given as title.
import { orThrow } from "@/lib/api/errors";
import { v1Methods } from "@/lib/api/methods";
import { withV1 } from "@/lib/api/with-api-key";
import { salaryForLocation } from "@/lib/catalog/queries";
import { resetLocal } from "@/lib/core/time";

export const dynamic = "force-dynamic";

const get = withV1(async ({ url, now, timeZone }) => {
  const { query, salary } = orThrow(await salaryForLocation(url.searchParams));
  const zone = timeZone(query.tz);
  return { body: zone ? { ...salary, reset_local: resetLocal(now, zone) } : salary };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Methods({ GET: get });
