// GET /api/health — liveness: a constant answer while the process runs, whatever its
// dependencies do (readiness is /api/ready). Also the benchmark's framework ceiling.
import { apiMethods } from "@/lib/api/methods";

export const dynamic = "force-dynamic";

const get = async () => Response.json({ status: "ok" });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
