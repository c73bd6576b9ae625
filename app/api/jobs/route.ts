// GET /api/jobs — the site's job search (keyless, IP-limited; not part of the public contract).
import { withSite } from "@/lib/api/with-site";
import { linkHeader } from "@/lib/catalog/paging";
import { siteSearch } from "@/lib/site/queries";

export const dynamic = "force-dynamic";

export const GET = withSite(async ({ url }) => {
  const { items, meta } = await siteSearch(url.searchParams);
  return { body: { items, meta }, headers: linkHeader(url, meta) };
});
