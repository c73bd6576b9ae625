// GET /api/jobs/salary — the site's salary lookup (keyless, IP-limited).
import { invalidParameter } from "@/lib/api/errors";
import { withSite } from "@/lib/api/with-site";
import { siteSalary } from "@/lib/site/queries";

export const dynamic = "force-dynamic";

export const GET = withSite(async ({ url }) => {
  const salary = await siteSalary(url.searchParams);
  if (!salary)
    throw invalidParameter("country", "Give country (an ISO code) or title (a country or city name).");
  return { body: salary };
});
