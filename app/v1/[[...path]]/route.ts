// /v1 and /v1/* that match no endpoint — a JSON 404 in the API's error shape.
import { ApiError } from "@/lib/api/errors";
import { withV1 } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

const notFound = withV1(async () => {
  throw new ApiError("not_found", "No such endpoint; the API has /v1/jobs, /v1/jobs/{id} and /v1/salary.");
});

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
