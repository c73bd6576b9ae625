// The request log's writer. A request's line is queued in memory as it is answered and written
// with the others every REQUEST_LOG_FLUSH_MS, a thousand to a statement: no request waits on
// Postgres for its line. While Postgres is away lines wait, up to a bound; past it the oldest
// are dropped and counted (jsa_request_log_dropped_total).
import { hotQuery } from "../core/db";
import { env } from "../core/env";
import { log } from "../core/log";
import { Prisma } from "../generated/prisma/client";
import type { RequestLine } from "./line";
import { LineBuffer } from "./line-buffer";

/** Days a line is kept: partitions of older days are dropped. */
export const RETENTION_DAYS = 7;
/** Lines waiting at most (a few MB); past it the oldest go. */
const CAPACITY = 20_000;
const PER_STATEMENT = 1_000;
/** A failing write is reported at most this often: its cause is the same every time. */
const WARN_EVERY_MS = 60_000;

type State = {
  buffer: LineBuffer<RequestLine>;
  started: boolean;
  chain: Promise<void>;
  /** The partitions made last: for which day, and from which day on. */
  prepared: { today: string; first: string } | null;
  warnedAt: number;
};

// On globalThis: Next bundles its own copy of lib/ for route handlers, and server.ts must flush
// the same queue on shutdown.
const g = globalThis as unknown as { requestLog?: State };
g.requestLog ??= {
  buffer: new LineBuffer(CAPACITY),
  started: false,
  chain: Promise.resolve(),
  prepared: null,
  warnedAt: 0,
};
const state = g.requestLog;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000));

/** Queues a line; it reaches Postgres within one flush interval while Postgres answers. */
export function recordRequestLine(line: RequestLine): void {
  if (!state.started) start();
  state.buffer.push(line);
}

/** Makes the days' partitions (and drops expired ones) when a new day or an older line comes. */
async function prepare(first: string, now: Date): Promise<void> {
  const today = dayOf(now);
  if (state.prepared && state.prepared.today === today && state.prepared.first <= first) return;
  await hotQuery(
    Prisma.sql`SELECT request_log_prepare(${first}::date, ${today}::date, ${RETENTION_DAYS}::int)`,
  );
  state.prepared = { today, first };
}

async function insert(lines: RequestLine[]): Promise<void> {
  // A key unknown to api_keys leaves no line: there is no owner to show it to.
  await hotQuery(Prisma.sql`
    INSERT INTO request_log (at, request_id, key_id, method, route, path, query, status, error_code, ms)
    SELECT t.at, t.request_id, k.id, t.method, t.route, t.path, t.query, t.status, t.error_code, t.ms
    FROM unnest(${lines.map((l) => l.at.toISOString())}::timestamptz[], ${lines.map((l) => l.requestId)}::text[],
                ${lines.map((l) => l.keyHash)}::bpchar[], ${lines.map((l) => l.method)}::text[],
                ${lines.map((l) => l.route)}::text[], ${lines.map((l) => l.path)}::text[],
                ${lines.map((l) => l.query)}::text[], ${lines.map((l) => l.status)}::int[],
                ${lines.map((l) => l.errorCode)}::text[], ${lines.map((l) => l.ms)}::real[])
      AS t(at, request_id, key_hash, method, route, path, query, status, error_code, ms)
    JOIN api_keys k ON k.hash = t.key_hash
    ON CONFLICT DO NOTHING`);
}

async function write(): Promise<void> {
  const now = new Date();
  const oldest = daysBefore(dayOf(now), RETENTION_DAYS);
  while (state.buffer.size > 0) {
    // Lines of days already past the retention (Postgres was away that long) are not kept.
    const lines = state.buffer.take(PER_STATEMENT).filter((l) => dayOf(l.at) >= oldest);
    if (!lines.length) continue;
    try {
      await prepare(
        lines.reduce((min, l) => (dayOf(l.at) < min ? dayOf(l.at) : min), dayOf(now)),
        now,
      );
      await insert(lines);
    } catch (err) {
      state.buffer.putBack(lines);
      throw err;
    }
  }
}

/** Writes every line queued so far; resolves after earlier flushes have finished too. */
export function flushRequestLog(): Promise<void> {
  state.chain = state.chain.catch(() => {}).then(write);
  return state.chain;
}

function start(): void {
  state.started = true;
  setInterval(() => {
    flushRequestLog().catch((err) => {
      if (Date.now() - state.warnedAt < WARN_EVERY_MS) return;
      state.warnedAt = Date.now();
      log.warn("request log not written; lines wait in memory", {
        error: String(err),
        waiting: state.buffer.size,
      });
    });
  }, env().REQUEST_LOG_FLUSH_MS).unref();
}

/** Lines waiting for their write, and lines dropped since the process started. */
export const requestLogBacklog = () => ({ waiting: state.buffer.size, dropped: state.buffer.dropped });
