// GET /v1/jobs/{id}/duplicates — the other postings of the job's group.
import { orThrow } from "@/lib/api/errors";
import { v1Methods } from "@/lib/api/methods";
import { withV1 } from "@/lib/api/with-api-key";
import { jobDuplicates } from "@/lib/catalog/queries";

export const dynamic = "force-dynamic";

const get = withV1(async ({ params, url }) => ({
  body: orThrow(await jobDuplicates(params.id ?? "", url.searchParams)),
}));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Methods({ GET: get });
