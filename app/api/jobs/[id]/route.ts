// GET /api/jobs/{id} — the site's job detail (keyless, IP-limited).
import { withSite } from "@/lib/api/with-site";
import { siteJob } from "@/lib/site/queries";

export const dynamic = "force-dynamic";

export const GET = withSite(async ({ params }) => ({ body: await siteJob(params.id ?? "") }));
