// GET /v1/jobs/{id} — one job, flattened.
import { orThrow } from "@/lib/api/errors";
import { rejectMethod, withV1 } from "@/lib/api/with-api-key";
import { jobById } from "@/lib/catalog/queries";

export const dynamic = "force-dynamic";

export const GET = withV1(async ({ params }) => ({ body: orThrow(await jobById(params.id ?? "")) }));

export const POST = rejectMethod;
export const PUT = rejectMethod;
export const PATCH = rejectMethod;
export const DELETE = rejectMethod;
