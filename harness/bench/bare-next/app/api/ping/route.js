// GET /api/ping — the bench's outer ceiling: a bare Next.js app (default settings, plain
// `next start`) whose route handler returns a constant JSON. Nothing of ours runs here.
export const dynamic = "force-dynamic";

export const GET = () => Response.json({ status: "ok" });
