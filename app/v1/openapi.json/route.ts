// GET /v1/openapi.json — the API reference as OpenAPI 3.1; no key needed.
import { handle, type RouteContext } from "@/lib/api/handle";
import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";

export const GET = (req: Request, route?: RouteContext) =>
  handle(req, route, async () => ({ body: openApiDocument() }));
