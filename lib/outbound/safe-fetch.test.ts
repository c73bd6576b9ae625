import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { safeFetch } from "./safe-fetch";

type Seen = { method: string; url: string; host: string; body: string; remote: string };
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

const servers: http.Server[] = [];

/** A real server on 127.0.0.1 that records what reaches it, connections included. */
async function serve(handler: Handler) {
  const seen: Seen[] = [];
  const state = { connections: 0 };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString("utf8");
    });
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        host: req.headers.host ?? "",
        body,
        remote: req.socket.remoteAddress ?? "",
      });
      handler(req, res, body);
    });
  });
  server.on("connection", () => {
    state.connections += 1;
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, seen, state };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const answer =
  (status: number, text = "") =>
  (_req: unknown, res: http.ServerResponse) => {
    res.writeHead(status, { "content-type": "text/plain" });
    res.end(text);
  };

const allow = { allowPrivate: true };
const deny = { allowPrivate: false };

describe("safeFetch against a local server", () => {
  it("posts a body and reads the status, headers and body when private addresses are allowed", async () => {
    const { port, seen } = await serve(answer(202, "accepted"));
    const result = await safeFetch(
      `http://127.0.0.1:${port}/hook?token=abc`,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"a":1}', timeoutMs: 2000 },
      allow,
    );
    expect(result.ok && result.value.status).toBe(202);
    expect(result.ok && result.value.body).toBe("accepted");
    expect(result.ok && result.value.headers["content-type"]).toBe("text/plain");
    expect(result.ok && result.value.ms).toBeGreaterThanOrEqual(0);
    expect(seen).toEqual([
      {
        method: "POST",
        url: "/hook?token=abc",
        host: `127.0.0.1:${port}`,
        body: '{"a":1}',
        remote: "127.0.0.1",
      },
    ]);
  });

  it("returns a 500 and then a 200 as two ordinary responses", async () => {
    let calls = 0;
    const { port } = await serve((_req, res) => {
      calls += 1;
      res.writeHead(calls === 1 ? 500 : 200).end(calls === 1 ? "down" : "ok");
    });
    const url = `http://127.0.0.1:${port}/`;
    const first = await safeFetch(url, { method: "POST", body: "x", timeoutMs: 2000 }, allow);
    const second = await safeFetch(url, { method: "POST", body: "x", timeoutMs: 2000 }, allow);
    expect(first.ok && [first.value.status, first.value.body]).toEqual([500, "down"]);
    expect(second.ok && [second.value.status, second.value.body]).toEqual([200, "ok"]);
  });

  it("refuses loopback, private and metadata addresses in every spelling without connecting", async () => {
    const { port, state } = await serve(answer(200));
    const urls = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://127.1:${port}/`,
      `http://10.0.0.1:${port}/`,
      `http://169.254.169.254/latest/meta-data/`,
    ];
    for (const url of urls) {
      const result = await safeFetch(url, { method: "POST", body: "x", timeoutMs: 2000 }, deny);
      expect([url, !result.ok && result.code]).toEqual([url, "private_address"]);
    }
    expect(state.connections).toBe(0);
  });

  it("refuses a host when any one of its addresses is private, and names that address only", async () => {
    const { port, state } = await serve(answer(200));
    const resolve = async () => ["93.184.216.34", "127.0.0.1"];
    const result = await safeFetch(
      `http://mixed.test:${port}/x?secret=s3cr3t`,
      { timeoutMs: 2000 },
      {
        ...deny,
        resolve,
      },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe("private_address");
    expect(result.address).toBe("127.0.0.1");
    expect(JSON.stringify(result)).not.toContain("s3cr3t");
    expect(state.connections).toBe(0);
  });

  it("resolves once and connects to the address it checked, sending the URL's host", async () => {
    const { port, seen } = await serve(answer(200, "hi"));
    const asked: string[] = [];
    // A second lookup would answer differently, as a rebinding attacker's DNS would.
    const resolve = async (host: string) => {
      asked.push(host);
      return asked.length === 1 ? ["127.0.0.1"] : ["10.9.9.9"];
    };
    const result = await safeFetch(
      `http://rebind.test:${port}/p`,
      { timeoutMs: 2000 },
      { ...allow, resolve },
    );
    expect(result.ok && result.value.body).toBe("hi");
    expect(asked).toEqual(["rebind.test"]);
    expect(seen.map((s) => [s.host, s.remote])).toEqual([[`rebind.test:${port}`, "127.0.0.1"]]);
  });

  it("lets the URL's host win over a Host header the caller set", async () => {
    const { port, seen } = await serve(answer(204));
    await safeFetch(`http://127.0.0.1:${port}/`, { headers: { host: "evil.test" }, timeoutMs: 2000 }, allow);
    expect(seen[0]?.host).toBe(`127.0.0.1:${port}`);
  });

  it("times out on a server that never answers, within the time allowed plus a little", async () => {
    const { port } = await serve(() => {});
    const started = Date.now();
    const result = await safeFetch(`http://127.0.0.1:${port}/`, { timeoutMs: 300 }, allow);
    expect(!result.ok && result.code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(300 + 700);
  });

  it("stops reading a response longer than the cap, declared or streamed", async () => {
    const big = "x".repeat(10_000);
    const declared = await serve(answer(200, big));
    const streamed = await serve((_req, res) => {
      res.writeHead(200);
      const pump = setInterval(() => res.write(big), 5);
      res.on("close", () => clearInterval(pump));
    });
    for (const { port } of [declared, streamed]) {
      const result = await safeFetch(
        `http://127.0.0.1:${port}/`,
        { timeoutMs: 2000, maxResponseBytes: 4096 },
        allow,
      );
      expect(!result.ok && result.code).toBe("response_too_large");
    }
  });

  it("returns a redirect as redirect_refused without following it", async () => {
    const { port, seen } = await serve((_req, res) => {
      res.writeHead(302, { location: "/elsewhere" }).end();
    });
    const result = await safeFetch(`http://127.0.0.1:${port}/`, { timeoutMs: 2000 }, allow);
    expect(!result.ok && [result.code, result.status]).toEqual(["redirect_refused", 302]);
    expect(seen.map((s) => s.url)).toEqual(["/"]);
  });

  it("reports a refused connection as connect_failed", async () => {
    const { port } = await serve(answer(200));
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
    const result = await safeFetch(`http://127.0.0.1:${port}/`, { timeoutMs: 2000 }, allow);
    expect(!result.ok && result.code).toBe("connect_failed");
  });
});

describe("safeFetch before connecting", () => {
  it("refuses URLs that are not plain http(s) to a usable port", async () => {
    for (const url of [
      "not a url",
      "ftp://example.com/",
      "file:///etc/passwd",
      "http://user:pass@example.com/",
      "http://user@example.com/",
      "http://example.com:0/",
      "http://example.com:70000/",
    ]) {
      const result = await safeFetch(url, { timeoutMs: 1000 }, allow);
      expect([url, !result.ok && result.code]).toEqual([url, "invalid_url"]);
    }
  });

  it("counts a lookup that never ends against the time allowed", async () => {
    const hanging = () => new Promise<string[]>(() => {});
    const result = await safeFetch(
      "https://slow-dns.test/",
      { timeoutMs: 100 },
      { ...deny, resolve: hanging },
    );
    expect(!result.ok && result.code).toBe("timeout");
  });

  it("reports a failed or empty lookup as dns_failed", async () => {
    const failing = async () => {
      throw Object.assign(new Error("nope"), { code: "ENOTFOUND" });
    };
    const empty = async () => [];
    const garbage = async () => ["not-an-ip"];
    for (const resolve of [failing, empty, garbage]) {
      const result = await safeFetch(
        "https://hooks.example.test/",
        { timeoutMs: 1000 },
        { ...deny, resolve },
      );
      expect(!result.ok && result.code).toBe("dns_failed");
    }
  });
});
