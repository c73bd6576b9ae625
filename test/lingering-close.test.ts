// A refused body is answered, then read and discarded (lingering close), so every kind of client
// reads the JSON error, including one that sends its whole body before it reads (Python), and
// the server's memory stays flat. The server layer runs in its own process (test/support).
import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StubProcess, startStub } from "./support/stub-app-process";

const run = promisify(execFile);
const MB = 1024 * 1024;
const SIZE = 20 * MB;
const ROUNDS = 20;
const PATH = "/api/keys/confirm";
const BODY = Buffer.alloc(SIZE, "a");

let stub: StubProcess;
let dir: string;
let bodyFile: string;
beforeAll(async () => {
  stub = await startStub();
  dir = mkdtempSync(path.join(tmpdir(), "jsa-linger-"));
  bodyFile = path.join(dir, "body");
  writeFileSync(bodyFile, BODY);
});
afterAll(() => {
  stub?.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Seen = { status: number; body: string } | { error: string };

const errorCode = (s: Seen) => {
  if ("error" in s) return `error: ${s.error}`;
  try {
    return `${s.status} ${JSON.parse(s.body).error.code}`;
  } catch {
    return `${s.status} (not JSON: ${s.body.slice(0, 60)})`;
  }
};

async function viaFetch(): Promise<Seen> {
  try {
    const res = await fetch(`http://127.0.0.1:${stub.port}${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: BODY,
    });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return { error: e.cause?.message ?? e.message };
  }
}

function viaHttpRequest(): Promise<Seen> {
  return new Promise((resolve) => {
    let answered = false;
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: stub.port,
        path: PATH,
        method: "POST",
        headers: { "content-type": "application/json" },
      },
      (res) => {
        answered = true;
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", (err) => resolve({ error: err.message }));
      },
    );
    // A write failing after the answer came is the client's own business, not a lost answer.
    req.on("error", (err) => answered || resolve({ error: err.message }));
    req.end(BODY);
  });
}

/** Raw bytes, the whole body written before anything is read, as simple clients do. */
async function viaRawSocket(chunked: boolean): Promise<Seen> {
  const socket = connect(stub.port, "127.0.0.1");
  await once(socket, "connect");
  const chunks: Buffer[] = [];
  socket.on("data", (c: Buffer) => chunks.push(c));
  const closed = new Promise<string | undefined>((resolve) => {
    socket.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    socket.on("close", () => resolve(undefined));
  });
  const framing = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${SIZE}`;
  socket.write(
    `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
  );
  const piece = BODY.subarray(0, 256 * 1024);
  for (let sent = 0; sent < SIZE && !socket.destroyed; sent += piece.length) {
    const ok = chunked
      ? socket.write(
          Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]),
        )
      : socket.write(piece);
    if (!ok) await Promise.race([once(socket, "drain"), closed]);
  }
  if (chunked && !socket.destroyed) socket.write("0\r\n\r\n");
  if (!socket.destroyed) socket.end();
  const error = await closed;
  const text = Buffer.concat(chunks).toString("utf8");
  const m = /^HTTP\/1\.1 (\d{3})[\s\S]*?\r\n\r\n([\s\S]*)$/.exec(text);
  if (!m) return { error: error ?? "closed without an answer" };
  return { status: Number(m[1]), body: m[2] ?? "" };
}

const PYTHON = `
import http.client, json, sys
port, path, size, rounds = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
body = b"a" * size
for _ in range(rounds):
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        res = conn.getresponse()
        print(json.dumps({"status": res.status, "body": res.read().decode()}))
        conn.close()
    except Exception as e:
        print(json.dumps({"error": type(e).__name__ + ": " + str(e)}))
`;

async function viaPython(): Promise<Seen[]> {
  const { stdout } = await run(
    "python3",
    ["-c", PYTHON, String(stub.port), PATH, String(SIZE), String(ROUNDS)],
    { maxBuffer: 1e6, timeout: 120_000 },
  );
  return stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Seen);
}

async function viaCurl(): Promise<Seen> {
  const { stdout } = await run(
    "curl",
    [
      "-s",
      "-S",
      "-H",
      "Content-Type: application/json",
      "--data-binary",
      `@${bodyFile}`,
      "-w",
      "\n%{http_code}",
      `http://127.0.0.1:${stub.port}${PATH}`,
    ],
    { maxBuffer: 1e6, timeout: 60_000 },
  ).catch((err: { stderr?: string; stdout?: string }) => ({
    stdout: `${err.stdout ?? ""}\nerror ${err.stderr}`,
  }));
  const lines = stdout.split("\n");
  const status = Number(lines.pop());
  return Number.isFinite(status) && status > 0 ? { status, body: lines.join("\n") } : { error: stdout };
}

async function rounds(client: () => Promise<Seen>): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < ROUNDS; i++) seen.push(errorCode(await client()));
  return seen;
}

const all413 = Array.from({ length: ROUNDS }, () => "413 payload_too_large");

describe("a refused 20 MB body: every client reads the JSON 413 (20 of 20)", () => {
  let rssBefore = 0;
  beforeAll(() => {
    rssBefore = stub.rss();
  });

  it("Node fetch (undici)", async () => {
    expect(await rounds(viaFetch)).toEqual(all413);
  }, 120_000);

  it("Node http.request", async () => {
    expect(await rounds(viaHttpRequest)).toEqual(all413);
  }, 120_000);

  it("Python http.client (sends the whole body before reading)", async () => {
    expect((await viaPython()).map(errorCode)).toEqual(all413);
  }, 120_000);

  it("curl", async () => {
    expect(await rounds(viaCurl)).toEqual(all413);
  }, 120_000);

  it("raw socket writes, with a Content-Length and chunked", async () => {
    expect(await rounds(() => viaRawSocket(false))).toEqual(all413);
    expect(await rounds(() => viaRawSocket(true))).toEqual(all413);
  }, 120_000);

  it("the server's memory stayed flat over all those bodies", () => {
    const grown = stub.rss() - rssBefore;
    expect(grown).toBeLessThan(48 * MB);
  });
});
