// Requests to URLs our users give us (webhook endpoints). The host is resolved once, every
// address it resolves to is checked, and the socket is opened to the checked address itself:
// a second lookup could answer differently (DNS rebinding) and reach our own network.
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { performance } from "node:perf_hooks";
import type { Failure, Ok } from "../core/result";
import { fail, ok } from "../core/result";
import { isPublicAddress } from "./address-policy";

export type OutboundCode =
  | "invalid_url"
  | "private_address"
  | "dns_failed"
  | "timeout"
  | "connect_failed"
  | "response_too_large"
  | "redirect_refused";

export type OutboundError = Failure<OutboundCode> & {
  /** For private_address: the address that was refused (never the URL, whose query may be secret). */
  address?: string;
  /** For redirect_refused: the 3xx status the endpoint answered. */
  status?: number;
};

export type OutboundResult<T> = Ok<T> | OutboundError;

export interface OutboundRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Covers connecting, sending and reading the whole response. */
  timeoutMs: number;
  /** Default DEFAULT_MAX_RESPONSE_BYTES; the socket is destroyed past it. */
  maxResponseBytes?: number;
}

export interface OutboundPolicy {
  /** Only for development and tests: lets private, loopback and reserved addresses through. */
  allowPrivate: boolean;
  /** Replaces the system resolver (tests). Called once per request. */
  resolve?: (host: string) => Promise<string[]>;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

// The caller may not set these: Host must name the URL's host while the socket goes to a
// checked address, and the framing of the body is ours to state.
const RESERVED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection"]);

function outboundFail(
  code: OutboundCode,
  message: string,
  extra: { address?: string; status?: number } = {},
): OutboundError {
  return { ...fail(code, message), ...extra };
}

/**
 * One request, never redirected: a 3xx answer is `redirect_refused` (with its status), because
 * following it would send the request to a URL nobody checked. Every other status, 5xx
 * included, is an ordinary response for the caller to judge.
 */
export async function safeFetch(
  url: string,
  init: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResult<OutboundResponse>> {
  const started = performance.now();
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return outboundFail("invalid_url", "The URL cannot be parsed.");
  }
  if (target.protocol !== "http:" && target.protocol !== "https:")
    return outboundFail("invalid_url", "Only http and https URLs are allowed.");
  if (target.username || target.password)
    return outboundFail("invalid_url", "The URL may not carry a user name or password.");
  if (target.port === "0") return outboundFail("invalid_url", "Port 0 cannot be connected to.");

  // WHATWG URL has already rewritten odd IPv4 spellings (2130706433, 0x7f.1, 127.1) as dotted
  // decimal and put IPv6 literals in brackets.
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host) !== 0;
  let addresses: string[];
  if (literal) addresses = [host];
  else {
    try {
      const resolved = await withDeadline((policy.resolve ?? systemResolve)(host), init.timeoutMs);
      if (resolved === TIMED_OUT)
        return outboundFail("timeout", `${host} was not resolved within the time allowed.`);
      addresses = resolved;
    } catch (e) {
      return outboundFail("dns_failed", `${host} could not be resolved (${errorCode(e)}).`);
    }
    if (addresses.length === 0 || addresses.some((a) => isIP(a) === 0))
      return outboundFail("dns_failed", `${host} resolved to no usable address.`);
  }
  if (!policy.allowPrivate) {
    // All of them, not just the one used: which one a client would pick is not ours to predict.
    const refused = addresses.find((a) => !isPublicAddress(a));
    if (refused !== undefined)
      return outboundFail("private_address", `${host} resolves to a non-public address.`, {
        address: refused,
      });
  }
  const address = addresses[0] ?? host;
  const remaining = init.timeoutMs - (performance.now() - started);
  if (remaining <= 0) return outboundFail("timeout", `No answer from ${host} within ${init.timeoutMs} ms.`);
  return send(target, host, literal, address, init, remaining, started);
}

const TIMED_OUT = Symbol("timed out");

// A lookup cannot be cancelled, but the request need not wait for it.
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function systemResolve(host: string): Promise<string[]> {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

function send(
  target: URL,
  host: string,
  literal: boolean,
  address: string,
  init: OutboundRequest,
  timeoutMs: number,
  started: number,
): Promise<OutboundResult<OutboundResponse>> {
  const maxBytes = init.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(init.headers ?? {}))
    if (!RESERVED_HEADERS.has(name.toLowerCase())) headers[name] = value;
  headers.Host = target.host;
  headers.Connection = "close";
  if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body));

  const options: https.RequestOptions = {
    // An IP address as host means Node does no lookup of its own.
    host: address,
    port: target.port || (target.protocol === "https:" ? 443 : 80),
    path: `${target.pathname}${target.search}`,
    method: init.method ?? "GET",
    headers,
    // A fresh agent per request: no pooled socket to a host checked for another request, and
    // no proxy from the environment.
    agent: false,
    // The certificate is checked against the name in the URL, not the address dialled. SNI may
    // not carry an IP address, so a literal host sends none and is checked as an IP.
    ...(literal ? {} : { servername: host }),
  };

  // Node refuses a header value with a line break by throwing from request(): a result, too.
  for (const [name, value] of Object.entries(headers))
    if (/[\r\n\0]/.test(name) || /[\r\n\0]/.test(value))
      return Promise.resolve(
        outboundFail("invalid_url", `The header ${name.replace(/[^\w-]/g, "?")} holds a line break.`),
      );

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: OutboundResult<OutboundResponse>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = (target.protocol === "https:" ? https : http).request(options, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        req.destroy();
        finish(
          outboundFail("redirect_refused", `${host} answered ${status}; redirects are not followed.`, {
            status,
          }),
        );
        return;
      }
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > maxBytes) {
        req.destroy();
        finish(tooLarge(host, maxBytes));
        return;
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > maxBytes) {
          req.destroy();
          finish(tooLarge(host, maxBytes));
          return;
        }
        chunks.push(chunk);
      });
      res.on("end", () =>
        finish(
          ok({
            status,
            headers: flatHeaders(res.headers),
            body: Buffer.concat(chunks).toString("utf8"),
            ms: Math.round(performance.now() - started),
          }),
        ),
      );
      res.on("error", (e) => finish(connectFailed(host, e)));
    });
    const timer = setTimeout(() => {
      finish(outboundFail("timeout", `No complete answer from ${host} within the time allowed.`));
      req.destroy();
    }, timeoutMs);
    req.on("error", (e) => finish(connectFailed(host, e)));
    req.end(init.body);
  });
}

function tooLarge(host: string, maxBytes: number): OutboundError {
  return outboundFail("response_too_large", `The answer from ${host} is longer than ${maxBytes} bytes.`);
}

function connectFailed(host: string, e: unknown): OutboundError {
  // The error's code only: Node's messages for some failures quote the request.
  return outboundFail("connect_failed", `The request to ${host} failed (${errorCode(e)}).`);
}

function errorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "error";
}

function flatHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}
