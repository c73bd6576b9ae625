// GET /v1/openapi.json — the same document for clients that look under /v1; keyed and metered
// like every /v1 path (the public copy is /openapi.json).
import { v1Methods } from "@/lib/api/methods";
import { openApiDocument } from "@/lib/api/openapi";
import { withV1 } from "@/lib/api/with-api-key";

export const dynamic = "force-dynamic";

const get = withV1(async () => ({ body: openApiDocument() }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Methods({ GET: get });
