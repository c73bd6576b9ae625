// GET /api/jobs/salary — the site's salary lookup (keyless, IP-limited).
import { orThrow } from "@/lib/api/errors";
import { withSite } from "@/lib/api/with-site";
import { salaryForLocation } from "@/lib/catalog/queries";

export const dynamic = "force-dynamic";

export const GET = withSite(async ({ url }) => ({
  body: orThrow(await salaryForLocation(url.searchParams)).salary,
}));
