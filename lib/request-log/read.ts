// What the Studio reads of the request log: a user's own lines (every key they have had) of the
// last RETENTION_DAYS days, newest first, by status class, endpoint and request id.
import { z } from "zod";
import { queryWithin } from "../core/db";
import { createLimiter } from "../core/ratelimit";
import { Prisma } from "../generated/prisma/client";
import { CSV_START, csvRow } from "./csv";
import { LOGGED_ROUTES, STATUS_CLASSES, statusRange } from "./line";
import { flushRequestLog, RETENTION_DAYS } from "./writer";

export const RequestLogFilterSchema = z.object({
  status: z.enum(STATUS_CLASSES, { error: "one of 2xx, 3xx, 4xx, 5xx" }).optional(),
  /** A route template as the log records it, such as /v1/jobs/{id}. */
  route: z.enum(LOGGED_ROUTES, { error: `one of ${LOGGED_ROUTES.join(", ")}` }).optional(),
  request_id: z
    .string()
    .trim()
    .max(20)
    .regex(/^req_[A-Za-z0-9_-]{16}$/, "a request id such as req_g5WtKMB_CWic6upg")
    .optional(),
});
export type RequestLogFilter = z.infer<typeof RequestLogFilterSchema>;

/**
 * The Studio's filters from its address, field by field: a bad field is named and left out,
 * the good ones still apply (and go on into the CSV link).
 */
export function logFilterFrom(params: Record<string, string | string[] | undefined>): {
  filter: RequestLogFilter;
  problems: string[];
} {
  const filter: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(RequestLogFilterSchema.shape)) {
    const raw = params[name];
    if (typeof raw !== "string" || raw.trim() === "") continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success && parsed.data) filter[name] = parsed.data;
    else if (!parsed.success) problems.push(`${name} must be ${parsed.error.issues[0]?.message}`);
  }
  return { filter: filter as RequestLogFilter, problems };
}

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
/** A log read is given this long: a busy key's rare filter may not finish, and says so. */
const READ_MS = 3_000;
/** How long a read waits for this process's queued lines to be written first. */
const FLUSH_WAIT_MS = 500;

function conditions(f: RequestLogFilter): Prisma.Sql {
  const parts = [Prisma.sql`r.at >= now() - make_interval(days => ${RETENTION_DAYS}::int)`];
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
  await Promise.race([flushRequestLog().catch(() => {}), new Promise((r) => setTimeout(r, FLUSH_WAIT_MS))]);
  // One request is found by its id's index; otherwise each key's newest lines walk its
  // (key_id, at) index and are merged.
  const lines = filter.request_id
    ? Prisma.sql`api_keys k JOIN request_log r ON r.key_id = k.id AND ${conditions(filter)}`
    : Prisma.sql`api_keys k CROSS JOIN LATERAL (
        SELECT * FROM request_log r WHERE r.key_id = k.id AND ${conditions(filter)}
        ORDER BY r.at DESC LIMIT ${limit}::int) r`;
  return queryWithin<LoggedRequest>(
    READ_MS,
    Prisma.sql`SELECT r.at, r.request_id, k.hint AS key_hint, r.method, r.route, r.path, r.query,
        r.status::int AS status, r.error_code, r.ms::float8 AS ms
      FROM ${lines} WHERE k.user_id = ${userId}
      ORDER BY r.at DESC, r.request_id LIMIT ${limit}::int`,
  );
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
    CSV_START +
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
