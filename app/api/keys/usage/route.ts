// GET /api/keys/usage — this key's plan and use; the call itself counts against quota.
import { parseQuery } from "@/lib/api/query";
import { withApiKey } from "@/lib/api/with-v1";
import { UsageQuerySchema, usageReport } from "@/lib/quota/usage";

export const dynamic = "force-dynamic";

export const GET = withApiKey(async ({ url, now, key, quota, timeZone }) => {
  const q = parseQuery(url.searchParams, UsageQuerySchema);
  return { body: await usageReport(key.id, quota!, now, timeZone(q.tz)) };
});
