// HTTP/1.1 over a bare socket, for requests node:http will not send (malformed paths, raw
// bytes, huge headers, bodies streamed without limit) and for seeing exactly what came back,
// including a status line that arrived just before the connection was reset.
import net from "node:net";

export type RawResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whole response read (by Content-Length, chunked terminator, or close). */
  complete: boolean;
};

export type RawOutcome = { response?: RawResponse; error?: string; ms: number; bytesSent: number };

function dechunk(buf: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = buf.indexOf("\r\n", at);
    if (eol < 0) return { body: Buffer.concat(parts), complete: false };
    const size = Number.parseInt(buf.subarray(at, eol).toString("latin1"), 16);
    if (Number.isNaN(size)) return { body: Buffer.concat(parts), complete: false };
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
    if (at > buf.length) return { body: Buffer.concat(parts), complete: false };
  }
}

/** Parses what has arrived so far; undefined until the status line and headers are in. */
export function parseResponse(buf: Buffer, closed: boolean): RawResponse | undefined {
  const end = buf.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine = "", ...lines] = buf.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(":");
    if (i < 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const rest = buf.subarray(end + 4);
  let body: Buffer = rest;
  let complete = closed;
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const d = dechunk(rest);
    body = d.body;
    complete = d.complete || closed;
  } else if (headers["content-length"] !== undefined) {
    const length = Number(headers["content-length"]);
    body = rest.subarray(0, length);
    complete = rest.length >= length || closed;
  } else if (status === 204 || status === 304 || (status >= 100 && status < 200)) {
    complete = true;
  }
  return { status, headers, body: body.toString("utf8"), complete };
}

export type RawRequestOptions = {
  /** Bytes after the head, written with backpressure; stops as soon as a full response is in. */
  body?: AsyncIterable<Buffer>;
  timeoutMs?: number;
};

/** Sends `head` (request line and headers, ending in CRLF CRLF) and optionally a body. */
export function rawRequest(
  port: number,
  head: Buffer | string,
  opts: RawRequestOptions = {},
): Promise<RawOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    let received = Buffer.alloc(0);
    let bytesSent = 0;
    let settled = false;
    let response: RawResponse | undefined;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ response, error, ms: Math.round(performance.now() - started), bytesSent });
    };
    const timer = setTimeout(() => finish("timeout"), opts.timeoutMs ?? 15_000);
    socket.on("data", (chunk: Buffer) => {
      // Only the start of a response matters; a server that streams more is not read forever.
      if (received.length < 64 * 1024) received = Buffer.concat([received, chunk]);
      response = parseResponse(received, false) ?? response;
      if (response?.complete) finish();
    });
    socket.on("end", () => {
      response = parseResponse(received, true) ?? response;
      finish(response ? undefined : "closed without a response");
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      response = parseResponse(received, true) ?? response;
      finish(err.code ?? err.message);
    });
    socket.on("connect", () => {
      socket.write(head);
      bytesSent += head.length;
      if (!opts.body) return;
      void (async () => {
        for await (const chunk of opts.body ?? []) {
          if (settled || socket.destroyed) return;
          bytesSent += chunk.length;
          if (!socket.write(chunk)) {
            await new Promise<void>((r) => {
              const done = () => {
                socket.off("drain", done);
                socket.off("close", done);
                r();
              };
              socket.on("drain", done);
              socket.on("close", done);
            });
          }
        }
      })().catch(() => {}); // a write after a reset: the socket's error handler records it
    });
  });
}
