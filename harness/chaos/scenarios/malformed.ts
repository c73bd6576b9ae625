// Malformed and unusual requests written byte for byte on a socket. API paths (/v1, /api, in
// any case) must answer a 4xx JSON error with error.code, never 500, HTML or an empty body;
// the page path answers an HTML 400/404; OPTIONS must not advertise write methods.

import { rawRequest } from "../../support/raw-http";
import type { Outcome } from "../http";
import { errorCode, header } from "../http";
import { measure, type Scenario } from "../scenario";

type Expect = {
  statuses: number[];
  /** Accepted error.code values; any non-empty code when absent. */
  codes?: string[];
  /** "json" for API paths, "html" for pages. */
  type: "json" | "html";
  /** A 405 must say what is allowed. */
  allow?: boolean;
};
type Case = { name: string; line: Buffer; headers?: string[]; keyed: boolean; expect: Expect };

const api = (statuses: number[], codes?: string[]): Expect => ({ statuses, codes, type: "json" });
const line = (method: string, target: string | Buffer) =>
  Buffer.concat([Buffer.from(`${method} `), Buffer.from(target), Buffer.from(" HTTP/1.1")]);

export const MALFORMED_CASES: Case[] = [
  { name: "GET /v1/jobs/%FF", line: line("GET", "/v1/jobs/%FF"), keyed: true, expect: api([400]) },
  { name: "GET /v1/jobs/%", line: line("GET", "/v1/jobs/%"), keyed: true, expect: api([400]) },
  { name: "GET /api/jobs/%C3%28", line: line("GET", "/api/jobs/%C3%28"), keyed: false, expect: api([400]) },
  {
    name: "GET /jobs/%FF",
    line: line("GET", "/jobs/%FF"),
    keyed: false,
    expect: { statuses: [400, 404], type: "html" },
  },
  { name: "GET /V1/jobs", line: line("GET", "/V1/jobs"), keyed: true, expect: api([404], ["not_found"]) },
  { name: "GET /v1%2Fjobs", line: line("GET", "/v1%2Fjobs"), keyed: true, expect: api([400, 404]) },
  {
    name: "GET /v1/jobs + 100 KB header",
    line: line("GET", "/v1/jobs?title=engineer"),
    headers: [`X-Padding: ${"a".repeat(100 * 1024)}`],
    keyed: true,
    expect: api([431]),
  },
  {
    name: "GET /v1/jobs/é (raw UTF-8)",
    line: line("GET", Buffer.from([...Buffer.from("/v1/jobs/"), 0xc3, 0xa9])),
    keyed: true,
    expect: api([400, 404]),
  },
  {
    name: "POST /api/keys/usage",
    line: line("POST", "/api/keys/usage"),
    headers: ["Content-Length: 0"],
    keyed: true,
    expect: { ...api([405], ["method_not_allowed"]), allow: true },
  },
  {
    name: "GET /api/keys/me",
    line: line("GET", "/api/keys/me"),
    keyed: true,
    expect: { ...api([405], ["method_not_allowed"]), allow: true },
  },
];

const WRITE_METHODS = /\b(POST|PUT|PATCH|DELETE)\b/i;

/** What is wrong with an answer, or undefined. */
function problem(o: Outcome, e: Expect): string | undefined {
  if (o.status === 0) return `no response (${o.error})`;
  const type = header(o, "content-type") ?? "(none)";
  const code = errorCode(o);
  const got = `${o.status} ${type.split(";")[0]}${code ? ` ${code}` : ""}${o.body ? "" : " (empty body)"}`;
  if (!e.statuses.includes(o.status)) return `${got}; want ${e.statuses.join("/")}`;
  if (e.type === "html") return type.includes("text/html") ? undefined : `${got}; want text/html`;
  if (!type.includes("application/json")) return `${got}; want application/json`;
  if (!code) return `${got}; want a body with error.code`;
  if (e.codes && !e.codes.includes(code)) return `${got}; want ${e.codes.join("/")}`;
  if (e.allow && !header(o, "allow")) return `${got} without an Allow header`;
  return undefined;
}

export const malformed: Scenario = {
  name: "malformed",
  run: (w) =>
    measure(w, "malformed", async (r) => {
      const key = await r.key("builder", "malformed");
      // Admission consumes before the handler runs; 401, 429, key_in_query, 304, 405 and 5xx are
      // not charged (the refunds), and answers with the keyless limit's headers (OPTIONS, no
      // valid key) never touch the key's quota: key_usage holds every other answer past admission.
      r.chargeableName = "answers past admission but 304/405/429/5xx/key_in_query/address-scoped";
      r.chargeable = (o) =>
        o.keyId !== undefined &&
        header(o, "x-ratelimit-limit") !== undefined &&
        header(o, "x-ratelimit-scope") !== "address" &&
        ![304, 405, 429].includes(o.status) &&
        o.status < 500 &&
        errorCode(o) !== "key_in_query";
      const ask = async (
        name: string,
        requestLine: Buffer,
        headers: string[],
        keyed: boolean,
      ): Promise<Outcome> => {
        const all = [`Host: 127.0.0.1:${w.server.port}`, "Connection: close", ...headers];
        if (keyed) all.push(`X-API-Key: ${key.key}`);
        const head = Buffer.concat([requestLine, Buffer.from(`\r\n${all.join("\r\n")}\r\n\r\n`)]);
        const raw = await rawRequest(w.server.port, head, { timeoutMs: 10_000 });
        const res = raw.response;
        const o: Outcome = {
          status: res?.status ?? 0,
          ms: raw.ms,
          error: res ? undefined : raw.error,
          headers: res?.headers ?? {},
          body: res?.body ?? "",
          keyId: keyed ? key.id : undefined,
          path: name,
        };
        r.outcomes.push(o);
        return o;
      };
      for (const c of MALFORMED_CASES) {
        const o = await ask(c.name, c.line, c.headers ?? [], c.keyed);
        const p = problem(o, c.expect);
        r.check(p === undefined, `${c.name}: ${p}`);
        r.note(
          `${c.name}: ${o.status || o.error} ${(header(o, "content-type") ?? "").split(";")[0]} ${errorCode(o) ?? ""}`,
        );
      }
      const opt = await ask("OPTIONS /v1/jobs", line("OPTIONS", "/v1/jobs"), [], true);
      const allow = header(opt, "allow");
      r.note(`OPTIONS /v1/jobs: ${opt.status || opt.error} Allow: ${allow ?? "(none)"}`);
      const optOk =
        opt.status === 405 ? problem(opt, { ...api([405], ["method_not_allowed"]), allow: true }) : undefined;
      r.check(
        (opt.status === 204 || opt.status === 200 || opt.status === 405) && optOk === undefined,
        `OPTIONS /v1/jobs: ${opt.status || opt.error} ${optOk ?? ""} (want 204/200, or a 405 JSON error)`,
      );
      r.check(
        allow !== undefined && !WRITE_METHODS.test(allow),
        `OPTIONS /v1/jobs: Allow "${allow ?? "(none)"}" (want GET/HEAD/OPTIONS only)`,
      );
    }),
};
