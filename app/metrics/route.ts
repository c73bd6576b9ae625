// GET /metrics — Prometheus text format, for the operator's scraper only (Bearer METRICS_TOKEN).

import { apiMethods } from "@/lib/api/methods";
import { metricsResponse } from "@/lib/api/metrics";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: metricsResponse });
