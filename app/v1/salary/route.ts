// GET /v1/salary — location median by country, or by a place name given as title.
import { ApiError, invalidParameter } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/query";
import { rejectMethod, withV1 } from "@/lib/api/with-v1";
import { lookupSalary } from "@/lib/catalog/salary";
import { SalaryQuerySchema } from "@/lib/catalog/schemas";
import { resetLocal } from "@/lib/time";

export const dynamic = "force-dynamic";

export const GET = withV1(async ({ url, now, timeZone }) => {
  const q = parseQuery(url.searchParams, SalaryQuerySchema);
  if (!q.country && !q.title)
    throw invalidParameter("country", "Give country (an ISO code) or title (a country or city name).");
  const salary = await lookupSalary(q);
  if (!salary) throw new ApiError("not_found", "No salary snapshot for this location.");
  const zone = timeZone(q.tz);
  return { body: zone ? { ...salary, reset_local: resetLocal(now, zone) } : salary };
});

export const POST = rejectMethod;
export const PUT = rejectMethod;
export const PATCH = rejectMethod;
export const DELETE = rejectMethod;
