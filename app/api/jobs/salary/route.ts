// GET /api/jobs/salary — the site's salary lookup (keyless, IP-limited).

import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginReads } from "@/lib/api/with-same-origin-reads";
import { salaryForLocation } from "@/lib/catalog/queries";

export const dynamic = "force-dynamic";

const get = withSameOriginReads(async ({ url }) => ({
  body: orThrow(await salaryForLocation(url.searchParams)).salary,
}));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
