// GET /api/health — a constant answer for load balancers; also the benchmark's framework ceiling.
export const dynamic = "force-dynamic";

export const GET = () => Response.json({ status: "ok" });
