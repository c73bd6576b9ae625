// GET /api/jobs — the site's job search (keyless, IP-limited; not part of the public contract).

import { orThrow } from "@/lib/api/errors";
import { linkHeader } from "@/lib/api/link-header";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginReads } from "@/lib/api/with-same-origin-reads";
import { searchCatalog } from "@/lib/catalog/queries";

export const dynamic = "force-dynamic";

const get = withSameOriginReads(async ({ url }) => {
  const { page } = orThrow(await searchCatalog(url.searchParams));
  return { body: page, headers: linkHeader(url, page.meta) };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
