// /api/* that matches no route — a JSON 404 in the API's error shape, not a web page.
import { ApiError } from "@/lib/api/errors";
import { handle, type RouteContext } from "@/lib/api/handle";

export const dynamic = "force-dynamic";

const notFound = (req: Request, route?: RouteContext) =>
  handle(req, route, async () => {
    throw new ApiError("not_found", "No such route; the API lives under /v1 (see /docs).");
  });

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
