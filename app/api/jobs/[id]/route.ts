// GET /api/jobs/{id} — the site's job detail (keyless, IP-limited).
import { orThrow } from "@/lib/api/errors";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginReads } from "@/lib/api/with-same-origin-reads";
import { jobById } from "@/lib/catalog/queries";

export const dynamic = "force-dynamic";

const get = withSameOriginReads(async ({ params, url }) => ({
  body: orThrow(await jobById(params.id ?? "", url.searchParams)).job,
}));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
