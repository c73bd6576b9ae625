// What the Studio reads of the request log: a user's own lines (every key they have had) of the
// last RETENTION_DAYS days, newest first, by status class, endpoint and request id.
import { z } from "zod";
import { hotQuery } from "../core/db";
import { createLimiter } from "../core/ratelimit";
import { Prisma } from "../generated/prisma/client";
import { csvRow } from "./csv";
import { STATUS_CLASSES, statusRange } from "./line";
import { flushRequestLog, RETENTION_DAYS } from "./writer";

export const RequestLogFilterSchema = z.object({
  status: z.enum(STATUS_CLASSES).optional(),
  /** A route template as the log records it, such as /v1/jobs/{id}. */
  route: z
    .string()
    .max(100)
    .regex(/^\/[\w/{}.-]*$/, "a route such as /v1/jobs")
    .optional(),
  request_id: z
    .string()
    .trim()
    .max(20)
    .regex(/^req_[A-Za-z0-9_-]{16}$/, "a request id such as req_g5WtKMB_CWic6upg")
    .optional(),
});
export type RequestLogFilter = z.infer<typeof RequestLogFilterSchema>;

export type LoggedRequest = {
  at: Date;
  request_id: string;
  key_hint: string;
  method: string;
  route: string;
  path: string;
  query: string | null;
  status: number;
  error_code: string | null;
  ms: number;
};

/** The Studio shows this many; the CSV export holds up to EXPORT_LIMIT. */
export const PAGE_LIMIT = 50;
export const EXPORT_LIMIT = 10_000;

function conditions(userId: string, f: RequestLogFilter): Prisma.Sql {
  const parts = [
    Prisma.sql`k.user_id = ${userId}`,
    Prisma.sql`r.at >= now() - make_interval(days => ${RETENTION_DAYS}::int)`,
  ];
  if (f.status) {
    const [low, high] = statusRange(f.status);
    parts.push(Prisma.sql`r.status BETWEEN ${low}::int AND ${high}::int`);
  }
  if (f.route) parts.push(Prisma.sql`r.route = ${f.route}`);
  if (f.request_id) parts.push(Prisma.sql`r.request_id = ${f.request_id}`);
  return Prisma.join(parts, " AND ");
}

/**
 * The newest lines matching `filter`, at most `limit`. This process's own queued lines are
 * written first, so a request just made shows at once; other processes' within a flush interval.
 */
export async function recentRequests(
  userId: string,
  filter: RequestLogFilter,
  limit = PAGE_LIMIT,
): Promise<LoggedRequest[]> {
  await flushRequestLog().catch(() => {}); // the read still shows what is there
  return hotQuery<LoggedRequest>(Prisma.sql`
    SELECT r.at, r.request_id, k.hint AS key_hint, r.method, r.route, r.path, r.query,
           r.status::int AS status, r.error_code, r.ms::float8 AS ms
    FROM request_log r JOIN api_keys k ON k.id = r.key_id
    WHERE ${conditions(userId, filter)}
    ORDER BY r.at DESC, r.request_id
    LIMIT ${limit}::int`);
}

/** The endpoints the user's lines of the retention hold, for the Studio's filter. */
export async function loggedRoutes(userId: string): Promise<string[]> {
  const rows = await hotQuery<{ route: string }>(Prisma.sql`
    SELECT DISTINCT r.route FROM request_log r JOIN api_keys k ON k.id = r.key_id
    WHERE ${conditions(userId, {})} ORDER BY 1`);
  return rows.map((r) => r.route);
}

const CSV_HEADER = [
  "time",
  "request_id",
  "key",
  "method",
  "path",
  "query",
  "status",
  "error_code",
  "duration_ms",
];

function requestsCsv(rows: LoggedRequest[]): string {
  return (
    csvRow(CSV_HEADER) +
    rows
      .map((r) =>
        csvRow([
          r.at.toISOString(),
          r.request_id,
          r.key_hint,
          r.method,
          r.path,
          r.query,
          r.status,
          r.error_code,
          Math.round(r.ms * 100) / 100,
        ]),
      )
      .join("")
  );
}

/** Sixty exports an hour per user: a person downloading, not a script polling. */
export const exportLimiter = createLimiter("request-log-export", 60, { seconds: 3600 });

/** The newest EXPORT_LIMIT lines matching `filter`, as CSV; `truncated` when there were more. */
export async function requestLogCsv(userId: string, filter: RequestLogFilter) {
  const rows = await recentRequests(userId, filter, EXPORT_LIMIT + 1);
  return { csv: requestsCsv(rows.slice(0, EXPORT_LIMIT)), truncated: rows.length > EXPORT_LIMIT };
}
