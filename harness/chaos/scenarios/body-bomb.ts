// Oversized bodies on POST /api/keys/confirm (a same-origin JSON route that reads its body):
// 300 MB streamed without a length, 8 × 60 MB in parallel, and 300 MB announced by Content-Length.
// Each must be refused with 413 payload_too_large without the server buffering it.
import { setTimeout as sleep } from "node:timers/promises";
import { type RawOutcome, rawRequest } from "../../support/raw-http";
import { errorCode, send } from "../http";
import { measure, type Recorder, type Scenario } from "../scenario";
import type { World } from "../world";

const MB = 1024 * 1024;

export const BODY_BOMB = {
  path: "/api/keys/confirm",
  bigBytes: 300 * MB,
  parallel: 8,
  parallelBytes: 60 * MB,
  maxRssMb: 400,
  /** A declared length over the limit needs no reading: the answer must come at once, ... */
  declaredMaxMs: 2_000,
  /** ... with no more sent than socket buffers hold (loopback buffers take a few MB unread). */
  declaredMaxSentMb: 32,
  timeoutMs: 60_000,
};

const CHUNK = Buffer.alloc(MB, "a"); // one buffer written again and again: nothing big is allocated

/** `total` bytes of a JSON string value, as chunked-encoding frames or plain bytes. */
async function* jsonBomb(total: number, chunked: boolean): AsyncGenerator<Buffer> {
  const frame = (b: Buffer) =>
    chunked ? [Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from("\r\n")] : [b];
  const opening = Buffer.from('{"token":"');
  yield* frame(opening);
  for (let sent = opening.length; sent < total; sent += CHUNK.length) {
    yield* frame(total - sent >= CHUNK.length ? CHUNK : CHUNK.subarray(0, total - sent));
  }
  if (chunked) yield Buffer.from("0\r\n\r\n");
}

function bomb(w: World, bytes: number, declared: boolean): Promise<RawOutcome> {
  const head =
    `POST ${BODY_BOMB.path} HTTP/1.1\r\nHost: 127.0.0.1:${w.server.port}\r\nOrigin: ${w.server.url}\r\n` +
    `Content-Type: application/json\r\n${declared ? `Content-Length: ${bytes}` : "Transfer-Encoding: chunked"}\r\n\r\n`;
  return rawRequest(w.server.port, head, {
    body: jsonBomb(bytes, !declared),
    timeoutMs: BODY_BOMB.timeoutMs,
  });
}

/** Judges one bomb; returns how it ended, for the notes. */
function judge(r: Recorder, what: string, o: RawOutcome, total: number): string {
  const res = o.response;
  const mb = Math.round(o.bytesSent / MB);
  // Recorded as an outcome so the general checks (status, time) see it.
  r.outcomes.push({
    status: res?.status ?? 0,
    ms: o.ms,
    error: o.error,
    headers: res?.headers ?? {},
    body: res?.body ?? "",
    path: BODY_BOMB.path,
  });
  if (res?.status === 413) {
    const code = errorCode(res);
    r.check(
      code === "payload_too_large",
      `${what}: 413 with error.code ${code ?? "(none)"} (want payload_too_large)`,
    );
    return o.error ? `413 then ${o.error} after ${mb} MB` : `413 after ${mb} MB`;
  }
  // "Closed early": the server hung up on a connection it had accepted, before the whole body was
  // sent, and is still alive. A refused connection, a timeout or a close after the whole body
  // are not that.
  const early =
    o.bytesSent < total && ["ECONNRESET", "EPIPE", "closed without a response"].includes(o.error ?? "");
  if (!res && early && r.w.server.pid) {
    r.note(`${what}: accepted as "server closed early": ${o.error} after ${mb} MB, no status line`);
    return `closed early (${o.error}) after ${mb} MB`;
  }
  r.check(
    false,
    `${what}: ${res ? `status ${res.status} ${errorCode(res) ?? ""}` : `no response (${o.error})`} after ${mb} MB (want 413)`,
  );
  return `${res?.status ?? o.error} after ${mb} MB`;
}

/** Between phases: a dead server is a failure, and is restarted so the next phase still tells something. */
async function alive(r: Recorder, phase: string): Promise<void> {
  await sleep(500);
  const health = await send(r.w.server.url, "/api/health", { timeoutMs: 5_000 });
  if (
    r.check(
      health.status === 200,
      `server not alive after ${phase} (health ${health.status || health.error}, exit ${r.w.server.exitStatus ?? "none"})`,
    )
  )
    return;
  if (!r.w.server.pid) {
    r.note(`server died in ${phase} (${r.w.server.exitStatus}); restarted`);
    await r.w.server.start();
  }
}

export const bodyBomb: Scenario = {
  name: "body-bomb",
  fresh: true, // the RSS limit is about the bodies, not what earlier load left behind
  run: (world) =>
    measure(world, "body-bomb", async (r) => {
      const c = BODY_BOMB;
      r.maxRssMb = c.maxRssMb;
      const ends: string[] = [];
      ends.push(
        `300 MB chunked: ${judge(r, "300 MB chunked", await bomb(world, c.bigBytes, false), c.bigBytes)}`,
      );
      await alive(r, "the 300 MB body");
      const many = await Promise.all(
        Array.from({ length: c.parallel }, () => bomb(world, c.parallelBytes, false)),
      );
      ends.push(
        `${c.parallel} × 60 MB: ${many.map((o, i) => judge(r, `60 MB #${i + 1}`, o, c.parallelBytes)).join("; ")}`,
      );
      await alive(r, "the parallel 60 MB bodies");
      const declared = await bomb(world, c.bigBytes, true);
      ends.push(
        `300 MB with Content-Length: ${judge(r, "300 MB declared", declared, c.bigBytes)} in ${declared.ms} ms`,
      );
      r.check(
        declared.ms < c.declaredMaxMs,
        `declared 300 MB answered in ${declared.ms} ms (max ${c.declaredMaxMs})`,
      );
      const sentMb = Math.round(declared.bytesSent / MB);
      r.check(
        sentMb <= c.declaredMaxSentMb,
        `declared 300 MB: ${sentMb} MB went out before the answer (max ${c.declaredMaxSentMb}): the server read the body`,
      );
      await alive(r, "the declared 300 MB body");
      for (const e of ends) r.note(e);
    }),
};
