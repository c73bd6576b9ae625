import { describe, expect, it } from "vitest";
import { clientFetch } from "./fetch";

type Sent = { url: string; ifNoneMatch: string | null };

/** A server stand-in that answers from a script and records what it was sent. */
function scripted(answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    sent.push({ url: req.url, ifNoneMatch: req.headers.get("if-none-match") });
    const next = answers.shift();
    if (!next) throw new Error("no answer left");
    return next();
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("the client's fetch", () => {
  it("sends If-None-Match after an ETagged answer and answers a 304 from the kept body", async () => {
    const server = scripted([
      () => json({ n: 1 }, 200, { etag: 'W/"a1"', "x-ratelimit-remaining": "9" }),
      () => new Response(null, { status: 304, headers: { etag: 'W/"a1"', "x-ratelimit-remaining": "9" } }),
    ]);
    const f = clientFetch({ fetch: server.fetch });
    const first = await f("https://api.test/v1/salary?country=DE", { headers: { "x-api-key": "k1" } });
    expect(await first.json()).toEqual({ n: 1 });
    const second = await f("https://api.test/v1/salary?country=DE", { headers: { "x-api-key": "k1" } });
    expect(second.status).toBe(200);
    expect(second.headers.get("x-client-cache")).toBe("hit");
    expect(await second.json()).toEqual({ n: 1 });
    expect(server.sent.map((s) => s.ifNoneMatch)).toEqual([null, 'W/"a1"']);
  });

  it("keeps answers apart per API key, and keeps no more than asked", async () => {
    const server = scripted([
      () => json({ n: 1 }, 200, { etag: 'W/"a"' }),
      () => json({ n: 2 }, 200, { etag: 'W/"b"' }),
      () => json({ n: 3 }, 200, { etag: 'W/"c"' }),
    ]);
    const f = clientFetch({ fetch: server.fetch, cacheEntries: 1 });
    await f("https://api.test/v1/jobs", { headers: { "x-api-key": "k1" } });
    await f("https://api.test/v1/jobs", { headers: { "x-api-key": "k2" } });
    await f("https://api.test/v1/jobs", { headers: { "x-api-key": "k1" } }); // k1's was dropped
    expect(server.sent.map((s) => s.ifNoneMatch)).toEqual([null, null, null]);
  });

  it("retries a 429 or 503 after a short Retry-After, at most maxRetries times", async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const server = scripted([
      () => json({ error: {} }, 503, { "retry-after": "2" }),
      () => json({ error: {} }, 429, { "retry-after": "1" }),
      () => json({ ok: true }),
    ]);
    const f = clientFetch({ fetch: server.fetch, sleep });
    expect((await f("https://api.test/v1/jobs")).status).toBe(200);
    expect(waits).toEqual([2000, 1000]);

    const stubborn = scripted([0, 1, 2].map(() => () => json({}, 503, { "retry-after": "1" })));
    const g = clientFetch({ fetch: stubborn.fetch, sleep, maxRetries: 2 });
    expect((await g("https://api.test/v1/jobs")).status).toBe(503);
    expect(stubborn.sent).toHaveLength(3);
  });

  it("hands back at once a 429 whose wait is long (a quota spent until tomorrow)", async () => {
    const server = scripted([() => json({ error: {} }, 429, { "retry-after": "36000" })]);
    const f = clientFetch({ fetch: server.fetch, sleep: () => Promise.reject(new Error("waited")) });
    const res = await f("https://api.test/v1/jobs");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("36000");
  });
});
