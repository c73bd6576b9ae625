// GET /openapi.json — the API reference as OpenAPI 3.1: public, no key needed.
import { handle, type RouteContext } from "@/lib/api/handle";
import { apiMethods } from "@/lib/api/methods";
import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";

const get = (req: Request, route?: RouteContext) =>
  handle(req, route, async () => ({ body: openApiDocument() }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
