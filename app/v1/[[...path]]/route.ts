// /v1 and /v1/* that match no endpoint — a JSON 404 in the API's error shape (keyed and
// metered like every /v1 path; OPTIONS needs no key, as preflights carry none).
import { ApiError } from "@/lib/api/errors";
import { handle, type RouteContext } from "@/lib/api/handle";
import { withV1 } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

const MESSAGE = "No such endpoint; the API has /v1/jobs, /v1/jobs/{id} and /v1/salary.";

const notFound = withV1(async () => {
  throw new ApiError("not_found", MESSAGE);
});

export const OPTIONS = (req: Request, route?: RouteContext) =>
  handle(req, route, async () => {
    throw new ApiError("not_found", MESSAGE);
  });

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
