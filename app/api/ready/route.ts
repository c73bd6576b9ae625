// GET /api/ready — readiness for a load balancer: 200 when Postgres answers within 1 s, else
// 503 naming what is down (Redis is reported; quotas fall back to Postgres without it).
import { handle, type RouteContext } from "@/lib/api/handle";
import { apiMethods } from "@/lib/api/methods";
import type { ApiResult } from "@/lib/api/respond";
import { readiness } from "@/lib/core/readiness";

export const dynamic = "force-dynamic";

const get = (req: Request, route?: RouteContext) =>
  handle(req, route, async (): Promise<ApiResult> => {
    const { ready, checks } = await readiness();
    if (ready) return { body: { status: "ready", checks }, headers: { "Cache-Control": "no-store" } };
    return { status: 503, body: { status: "unavailable", checks }, headers: { "Retry-After": "5" } };
  });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
