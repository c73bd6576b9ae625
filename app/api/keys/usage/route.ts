// GET /api/keys/usage — this key's plan and use; the call itself counts against quota.

import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withApiKey } from "@/lib/api/with-api-key";
import { parseQueryParams } from "@/lib/core/query-params";
import { UsageQuerySchema, usageReport } from "@/lib/quota/usage";

export const dynamic = "force-dynamic";

const get = withApiKey(
  async ({ url, now, key, quota, timeZone }) => {
    const q = orThrow(parseQueryParams(url.searchParams, UsageQuerySchema));
    return { body: await usageReport(key.id, quota, now, timeZone(q.tz)) };
  },
  { consume: true },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
