// GET /api/jobs/{id} — the site's job detail (keyless, IP-limited).
import { orThrow } from "@/lib/api/errors";
import { withSite } from "@/lib/api/with-site";
import { jobById } from "@/lib/catalog/queries";

export const dynamic = "force-dynamic";

export const GET = withSite(async ({ params }) => ({ body: orThrow(await jobById(params.id ?? "")) }));
