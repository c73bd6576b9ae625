// A fetch for the client that does what callers of a raw HTTP client tend to get wrong:
// - ETags: a GET whose answer carried an ETag is sent again with If-None-Match, and a 304 is
//   answered from the kept body (as a 200 marked `x-client-cache: hit`), so an unchanged answer
//   costs no transfer and no quota (the API gives a 304's unit back).
// - Retries: a 429 or 503 is retried after its Retry-After, when that wait is short (a quota
//   exhausted until tomorrow is handed back at once, with its Retry-After to read).
import { retryAfterSeconds } from "./rate-limit";

export type FetchOptions = {
  /** The fetch to send with (default: globalThis.fetch). */
  fetch?: typeof fetch;
  /** Keep ETagged GET answers, at most this many (default 500; 0 turns the cache off). */
  cacheEntries?: number;
  /** Retries of a 429 or 503 (default 2). */
  maxRetries?: number;
  /** The longest Retry-After waited for, in seconds (default 10); longer ones are returned. */
  maxRetryWaitSeconds?: number;
  /** How to wait (tests); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
};

type Kept = { etag: string; body: ArrayBuffer; headers: [string, string][] };

const RETRIED = new Set([429, 503]);

/** A fetch with an ETag cache and short retries, for createClient's `fetch`. */
export function clientFetch(opts: FetchOptions = {}): typeof fetch {
  const send = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const max = opts.cacheEntries ?? 500;
  const kept = new Map<string, Kept>();
  const maxRetries = opts.maxRetries ?? 2;
  const maxWait = opts.maxRetryWaitSeconds ?? 10;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  // The key is the URL and the API key: answers differ by key (their quota fields).
  const keyOf = (req: Request) => `${req.headers.get("x-api-key") ?? ""} ${req.url}`;

  async function once(req: Request): Promise<Response> {
    const cacheable = req.method === "GET" && max > 0;
    const key = keyOf(req);
    const known = cacheable ? kept.get(key) : undefined;
    const sent = new Request(req);
    if (known && !sent.headers.has("if-none-match")) sent.headers.set("if-none-match", known.etag);
    const res = await send(sent);
    if (known && res.status === 304) {
      // The 304's own headers are the fresh ones (quota, request id); the body is the kept one.
      const headers = new Headers(known.headers);
      for (const [k, v] of res.headers) headers.set(k, v);
      headers.set("x-client-cache", "hit");
      kept.delete(key); // most recently used last
      kept.set(key, known);
      return new Response(known.body.slice(0), { status: 200, headers });
    }
    const etag = res.headers.get("etag");
    if (cacheable && res.status === 200 && etag) {
      const body = await res.clone().arrayBuffer();
      kept.delete(key);
      kept.set(key, { etag, body, headers: [...res.headers] });
      while (kept.size > max) kept.delete(kept.keys().next().value as string);
    }
    return res;
  }

  return async (input, init) => {
    const req = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const res = await once(req.clone());
      if (!RETRIED.has(res.status) || attempt >= maxRetries) return res;
      const wait = retryAfterSeconds(res.headers.get("retry-after"));
      if (wait === null || wait > maxWait) return res;
      await res.body?.cancel();
      await sleep(wait * 1000);
    }
  };
}
