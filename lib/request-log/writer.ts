// The request log's writer. A request's line is queued in memory as it is answered and written
// with the others every REQUEST_LOG_FLUSH_MS, a thousand to a statement: no request waits on
// Postgres for its line. While Postgres is away lines wait, up to a bound; past it the oldest
// are dropped and counted (jsa_request_log_dropped_total).
import { hotQuery } from "../core/db";
import { env } from "../core/env";
import { log } from "../core/log";
import { dayOf } from "../core/time";
import { Prisma } from "../generated/prisma/client";
import type { RequestLine } from "./line";
import { LineBuffer } from "./line-buffer";

/** Days a line is kept: partitions of older days are dropped. */
export const RETENTION_DAYS = 7;
/** Lines waiting at most (each under 2 KB: paths and queries are cut); past it the oldest go. */
const CAPACITY = 20_000;
const PER_STATEMENT = 1_000;
/** A failing write is reported at most this often: its cause is the same every time. */
const WARN_EVERY_MS = 60_000;
/**
 * A batch Postgres refuses (not one it could not be sent) is tried this often, the partitions
 * made again before each try, then dropped and counted: one bad line must not hold up the rest.
 */
const REFUSALS_BEFORE_DROP = 3;
/** SQLSTATE classes of a Postgres that is away or going away, not refusing the batch. */
const AWAY = /^(08|53|57|58)/;

type State = {
  buffer: LineBuffer<RequestLine>;
  started: boolean;
  chain: Promise<void>;
  /** The partitions made last: for which day, and from which day on. */
  prepared: { today: string; first: string } | null;
  warnedAt: number;
  /** A flush is running: the timer does not queue another behind it. */
  running: boolean;
  /** How often Postgres has refused the batch at the head of the queue. */
  refusals: number;
  /** Lines dropped for other reasons than a full queue (refused, or past the retention). */
  discarded: number;
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
  running: false,
  refusals: 0,
  discarded: 0,
};
const state = g.requestLog;

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

const refused = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && !AWAY.test(code);
};

/**
 * Writes the lines queued when it starts, not those queued meanwhile: under steady traffic a
 * flush ends, and the next interval batches what came since.
 */
async function write(): Promise<void> {
  let left = state.buffer.size;
  while (left > 0) {
    const taken = state.buffer.take(Math.min(left, PER_STATEMENT));
    left -= taken.length;
    const now = new Date();
    // Lines of days already past the retention (Postgres was away that long) are not kept.
    const oldest = daysBefore(dayOf(now), RETENTION_DAYS);
    const lines = taken.filter((l) => dayOf(l.at) >= oldest);
    state.discarded += taken.length - lines.length;
    if (!lines.length) continue;
    try {
      await prepare(
        lines.reduce((min, l) => (dayOf(l.at) < min ? dayOf(l.at) : min), dayOf(now)),
        now,
      );
      await insert(lines);
      state.refusals = 0;
    } catch (err) {
      // A partition may have gone (dropped by hand, another instance's clock): made again next try.
      state.prepared = null;
      if (refused(err) && ++state.refusals >= REFUSALS_BEFORE_DROP) {
        state.refusals = 0;
        state.discarded += lines.length;
        log.warn("request log batch refused by Postgres; dropped", {
          lines: lines.length,
          error: String(err),
        });
        continue;
      }
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
    if (state.running) return; // a slow or stuck write: the next interval takes what came since
    state.running = true;
    flushRequestLog()
      .catch((err) => {
        if (Date.now() - state.warnedAt < WARN_EVERY_MS) return;
        state.warnedAt = Date.now();
        log.warn("request log not written; lines wait in memory", {
          error: String(err),
          waiting: state.buffer.size,
        });
      })
      .finally(() => {
        state.running = false;
      });
  }, env().REQUEST_LOG_FLUSH_MS).unref();
}

/** Lines waiting for their write, and lines dropped since the process started. */
export const requestLogBacklog = () => ({
  waiting: state.buffer.size,
  dropped: state.buffer.dropped + state.discarded,
});
