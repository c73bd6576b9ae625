// GET /v1/jobs/{id} — one job, flattened.
import { ApiError } from "@/lib/api/errors";
import { rejectMethod, withV1 } from "@/lib/api/with-v1";
import { findJob } from "@/lib/catalog/jobs";

export const dynamic = "force-dynamic";

export const GET = withV1(async ({ params }) => {
  const job = await findJob(params.id ?? "");
  if (!job) throw new ApiError("not_found", "No job with this id in the current catalog.");
  return { body: job };
});

export const POST = rejectMethod;
export const PUT = rejectMethod;
export const PATCH = rejectMethod;
export const DELETE = rejectMethod;
