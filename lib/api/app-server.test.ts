import { once } from "node:events";
import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { markUnavailable } from "../core/request-scope";
import { apiVary, createAppServer } from "./app-server";

type Made = ReturnType<typeof createAppServer>;
let made: Made | undefined;

async function start(handle: Parameters<typeof createAppServer>[0]): Promise<number> {
  made = createAppServer(handle, { hsts: false });
  made.server.listen(0, "127.0.0.1");
  await once(made.server, "listening");
  return (made.server.address() as { port: number }).port;
}

afterEach(() => {
  made?.server.closeAllConnections();
  made?.server.close();
  made = undefined;
});

/** Writes raw bytes and reads the whole answer (the server closes after it). */
async function raw(port: number, bytes: Buffer | string): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.write(bytes);
  const chunks: Buffer[] = [];
  socket.on("data", (c: Buffer) => chunks.push(c));
  await once(socket, "close");
  return Buffer.concat(chunks).toString("latin1");
}

function get(port: number, agent: Agent): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: "127.0.0.1", path: "/slow", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the production server's own answers", () => {
  it("answers raw non-ASCII bytes in the path with a JSON 400, not an empty one", async () => {
    const port = await start(async (_, res) => void res.end("ok"));
    const answer = await raw(
      port,
      Buffer.concat([
        Buffer.from("GET /v1/jobs/"),
        Buffer.from([0xc3, 0xa9]),
        Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n"),
      ]),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(answer).toContain('"code":"bad_request"');
  });

  it("answers 100 KB of headers with a JSON 431", async () => {
    const port = await start(async (_, res) => void res.end("ok"));
    const answer = await raw(
      port,
      `GET /v1/jobs HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(100_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('"code":"headers_too_large"');
  });

  it("answers a body announced with Expect: 100-continue over the cap with 413, not 100 Continue", async () => {
    const port = await start(async (_, res) => void res.end("ok"));
    const head = `POST /api/keys/confirm HTTP/1.1\r\nHost: x\r\nContent-Length: ${20 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`;
    const answer = await raw(port, head);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"payload_too_large"');
  });

  it("lets Stripe's webhook carry a larger body than the site's routes, up to its own cap", async () => {
    const port = await start(async (_, res) => void res.end("ok"));
    const post = (path: string, bytes: number) =>
      raw(
        port,
        `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n${"a".repeat(bytes)}`,
      );
    expect(await post("/api/billing/webhook", 100 * 1024)).toMatch(/^HTTP\/1\.1 200 /);
    expect(await post("/api/keys/confirm", 100 * 1024)).toMatch(/^HTTP\/1\.1 413 /);
    expect(await post("/api/billing/webhook", 300 * 1024)).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("sends a page that found the database away as a 503 with Retry-After", async () => {
    const port = await start(async (_, res) => {
      markUnavailable();
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<h1>Temporarily unavailable</h1>");
    });
    const res = await fetch(`http://127.0.0.1:${port}/jobs`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.text()).toContain("Temporarily unavailable");
  });
});

describe("Vary on API answers", () => {
  const NEXT_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

  /** As Next answers an app route: its router headers appended to what the route set. */
  const asNext = (routeVary?: string) => async (_: unknown, res: import("node:http").ServerResponse) => {
    res.appendHeader("vary", NEXT_VARY);
    if (routeVary) res.appendHeader("vary", routeVary);
    res.statusCode = 200;
    res.end("{}"); // the head goes out implicitly, as Next's send does
  };

  async function varyOf(port: number, path: string): Promise<unknown> {
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    await res.text();
    return res.headers.get("vary");
  }

  it("keeps what the route varies on and drops Next's router headers, on /v1 and /api", async () => {
    const port = await start(asNext("X-API-Key"));
    expect(await varyOf(port, "/v1/jobs?title=x")).toBe("X-API-Key");
    expect(await varyOf(port, "/api/keys/usage")).toBe("X-API-Key");
  });

  it("sends no Vary at all when only Next's were there", async () => {
    const port = await start(asNext());
    expect(await varyOf(port, "/v1/jobs")).toBeNull();
  });

  it("leaves pages' Vary alone: their payloads do depend on the router headers", async () => {
    const port = await start(asNext());
    expect(await varyOf(port, "/jobs")).toBe(NEXT_VARY);
  });

  it("apiVary drops the router headers in any case and repeats nothing", () => {
    expect(
      apiVary("RSC, Next-Router-State-Tree, Accept-Encoding, X-API-Key, Accept-Encoding, next-url"),
    ).toBe("Accept-Encoding, X-API-Key");
    expect(apiVary(" , ")).toBeNull();
  });
});

describe("request targets that are not a path", () => {
  const seen: string[] = [];
  const recording = async (req: { url?: string }, res: { end: (s: string) => void }) => {
    seen.push(req.url ?? "");
    res.end("ok");
  };

  it("an absolute-form target naming another host is a JSON 400, never a redirect there", async () => {
    seen.length = 0;
    const port = await start(recording as Parameters<typeof createAppServer>[0]);
    const answer = await raw(port, "GET http://evil.example/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"bad_request"');
    expect(answer).not.toMatch(/\r\nlocation:/i);
    expect(answer).not.toContain("evil.example");
    expect(seen).toEqual([]);
  });

  it("an absolute-form target naming this host is served as its path", async () => {
    seen.length = 0;
    const port = await start(recording as Parameters<typeof createAppServer>[0]);
    const host = `127.0.0.1:${port}`;
    const answer = await raw(
      port,
      `GET http://${host}/v1/jobs?page=2 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(seen).toEqual(["/v1/jobs?page=2"]);
  });

  it("OPTIONS * is a 204 with Allow and the security headers; the handler never sees it", async () => {
    seen.length = 0;
    const port = await start(recording as Parameters<typeof createAppServer>[0]);
    const answer = await raw(port, "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 204 /);
    expect(answer).toMatch(/\r\nallow: GET, HEAD, POST, DELETE, OPTIONS\r\n/i);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(answer).toMatch(/\r\nx-frame-options: DENY\r\n/i);
    expect(seen).toEqual([]);
  });

  it("GET * is a JSON 400 with the security headers", async () => {
    seen.length = 0;
    const port = await start(recording as Parameters<typeof createAppServer>[0]);
    const answer = await raw(port, "GET * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(answer).toContain('"code":"bad_request"');
    expect(seen).toEqual([]);
  });
});

describe("draining on shutdown", () => {
  it("finishes requests in flight with Connection: close and closes idle keep-alive sockets", async () => {
    const port = await start(async (req, res) => {
      if (req.url === "/slow") await sleep(300);
      res.end("done");
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const idle = await get(port, agent); // leaves one idle keep-alive socket behind
    expect(idle.status).toBe(200);
    const inFlight = [get(port, agent), get(port, agent), get(port, agent)];
    await sleep(50);
    let drained = false;
    const draining = made?.drain(10_000).then(() => {
      drained = true;
    });
    const answers = await Promise.all(inFlight);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.headers.connection).toBe("close");
    }
    await draining;
    expect(drained).toBe(true);
    expect(made?.server.listening).toBe(false);
    agent.destroy();
  });
});
