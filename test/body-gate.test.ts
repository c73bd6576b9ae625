// Every body is received by the server layer, under the 16 KB cap and a 5 s deadline, before the
// handler sees the request: a body trickling in is a 408 (not the handler's 503), and a body on
// a route that takes none is refused at the cap instead of read to its end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "@/harness/support/raw-http";
import { BODY_LIMIT_BYTES } from "@/lib/api/body";
import { BODY_DEADLINE_MS } from "@/lib/api/body-gate";
import { type StubProcess, startStub } from "./support/stub-app-process";

const MB = 1024 * 1024;
let stub: StubProcess;
beforeAll(async () => {
  stub = await startStub();
});
afterAll(() => stub?.stop());

const code = (body = "") => {
  try {
    return JSON.parse(body).error?.code as string | undefined;
  } catch {
    return undefined;
  }
};

/** `total` bytes of chunked frames, one reused buffer (nothing big is allocated). */
async function* chunked(total: number, piece = 256 * 1024): AsyncGenerator<Buffer> {
  const data = Buffer.alloc(piece, "a");
  for (let sent = 0; sent < total; sent += piece) {
    yield Buffer.from(`${piece.toString(16)}\r\n`);
    yield data;
    yield Buffer.from("\r\n");
  }
  yield Buffer.from("0\r\n\r\n");
}

async function* slowly(bytes: Buffer, everyMs: number): AsyncGenerator<Buffer> {
  for (const b of bytes) {
    yield Buffer.from([b]);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const head = (method: string, path: string, framing: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;

describe("a slow request body", () => {
  it("is answered 408 request_timeout when the deadline passes, and logs no error", async () => {
    const body = Buffer.from(JSON.stringify({ token: "x".repeat(80) }));
    const o = await rawRequest(
      stub.port,
      head("POST", "/api/keys/confirm", `Content-Length: ${body.length}`),
      {
        body: slowly(body, 100),
        timeoutMs: 15_000,
      },
    );
    expect(o.response?.status).toBe(408);
    expect(code(o.response?.body)).toBe("request_timeout");
    expect(o.response?.headers["content-type"]).toMatch(/^application\/json/);
    expect(o.response?.headers["x-content-type-options"]).toBe("nosniff");
    expect(o.ms).toBeGreaterThanOrEqual(BODY_DEADLINE_MS - 100);
    expect(o.ms).toBeLessThan(BODY_DEADLINE_MS + 400);
    await new Promise((r) => setTimeout(r, 200)); // the log is written once per turn of the loop
    expect(stub.output()).not.toMatch(/"level":"error"/);
  }, 20_000);
});

describe("bodies on routes that take none", () => {
  it.each([
    ["GET", "/api/health"],
    ["OPTIONS", "/v1/jobs"],
    ["DELETE", "/api/keys/me"],
  ])(
    "%s %s with 300 MB chunked: 413 payload_too_large at once, little of it read",
    async (method, path) => {
      const o = await rawRequest(stub.port, head(method, path, "Transfer-Encoding: chunked"), {
        body: chunked(300 * MB),
        timeoutMs: 60_000,
      });
      expect(o.response?.status).toBe(413);
      expect(code(o.response?.body)).toBe("payload_too_large");
      // What loopback socket buffers take unread, not the body.
      expect(o.bytesSent).toBeLessThan(32 * MB);
      expect(o.ms).toBeLessThan(3_000);
    },
    70_000,
  );

  it("a declared length over 16 KB is refused before any of it is sent", async () => {
    const o = await rawRequest(
      stub.port,
      head("GET", "/api/health", `Content-Length: ${BODY_LIMIT_BYTES + 1}`),
    );
    expect(o.response?.status).toBe(413);
    expect(code(o.response?.body)).toBe("payload_too_large");
  });
});

describe("an expectation the server does not know", () => {
  it("is ignored: the request is served, not answered with a bare 417", async () => {
    const o = await rawRequest(
      stub.port,
      "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: foo\r\n\r\n",
      {
        timeoutMs: 3_000,
      },
    );
    expect(o.response?.status).toBe(200);
    expect(JSON.parse(o.response?.body ?? "{}")).toMatchObject({ path: "/api/health" });
  });
});

describe("a request to switch protocols", () => {
  it("is answered 400 in JSON and closed, not held open", async () => {
    const o = await rawRequest(
      stub.port,
      "GET /v1/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
      { timeoutMs: 3_000 },
    );
    expect(o.response?.status).toBe(400);
    expect(code(o.response?.body)).toBe("bad_request");
  });
});

describe("bodies within the cap", () => {
  it.each([
    ["chunked", true],
    ["with a length", false],
  ])("reach the handler whole (%s)", async (_, isChunked) => {
    const text = JSON.stringify({ token: "t".repeat(BODY_LIMIT_BYTES - 20) });
    const bytes = Buffer.from(text);
    async function* pieces(): AsyncGenerator<Buffer> {
      for (let at = 0; at < bytes.length; at += 1000) {
        const piece = bytes.subarray(at, at + 1000);
        if (isChunked) yield Buffer.from(`${piece.length.toString(16)}\r\n`);
        yield piece;
        if (isChunked) yield Buffer.from("\r\n");
      }
      if (isChunked) yield Buffer.from("0\r\n\r\n");
    }
    const framing = isChunked ? "Transfer-Encoding: chunked" : `Content-Length: ${bytes.length}`;
    const o = await rawRequest(stub.port, head("POST", "/api/keys/confirm", framing), { body: pieces() });
    expect(o.response?.status).toBe(200);
    const echoed = JSON.parse(o.response?.body ?? "{}");
    expect(echoed.bytes).toBe(bytes.length);
    expect(echoed.body).toBe(text);
  });
});
