// GET /v1/salary/history — a location's pay at each snapshot date, by country or place name.
import { orThrow } from "@/lib/api/errors";
import { v1Methods } from "@/lib/api/methods";
import { withV1 } from "@/lib/api/with-api-key";
import { salaryHistoryForLocation } from "@/lib/catalog/queries";
import { resetLocal } from "@/lib/core/time";

export const dynamic = "force-dynamic";

const get = withV1(async ({ url, now, timeZone }) => {
  const { query, history } = orThrow(await salaryHistoryForLocation(url.searchParams));
  const zone = timeZone(query.tz);
  return { body: zone ? { ...history, reset_local: resetLocal(now, zone) } : history };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Methods({ GET: get });
