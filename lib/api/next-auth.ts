// next-auth v4 run from a plain Request. Its App Router entry reads cookies and headers from
// Next's request scope (next/headers), so we could neither check what it parses nor run it
// outside Next. Its pages-style entry takes the request as values: we give it the query, the
// form body and the cookies, after checking the URLs in them that it would parse.
import NextAuth, { type NextAuthOptions } from "next-auth";
import { safeCallbackUrl } from "../auth/callback-url";
import { env } from "../core/env";
import { hasUnsafeCharacter, unsafeParam } from "../core/query-params";
import { invalidParam } from "../core/result";
import { ApiError, fromFailure, invalidParameter } from "./errors";
import { newRequestId } from "./request-id";
import { errorResponse } from "./respond";

export type Fields = Record<string, string>;

/** A POST body's fields, as next-auth reads them (form or JSON); only string values. */
export async function bodyFields(req: Request): Promise<Fields> {
  if (req.method !== "POST") return {};
  const type = req.headers.get("content-type") ?? "";
  const text = await req.text();
  if (type.includes("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(text));
  if (!type.includes("application/json")) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
  } catch {
    return {};
  }
}

function cookiesOf(header: string | null): Fields {
  const out: Fields = {};
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    try {
      const value = decodeURIComponent(part.slice(i + 1).trim());
      // None of ours holds a control character: such a session token would fail its lookup.
      if (!hasUnsafeCharacter(value)) out[part.slice(0, i).trim()] = value;
    } catch {
      // A malformed cookie is left out, as Next leaves it out.
    }
  }
  return out;
}

/** Drops (or makes absolute) each callbackUrl: in the body, the query, and next-auth's cookie. */
function checkCallbackUrls(...sources: Fields[]): void {
  const origin = new URL(env().APP_URL).origin;
  for (const fields of sources) {
    for (const name of Object.keys(fields)) {
      if (name !== "callbackUrl" && !name.endsWith("next-auth.callback-url")) continue;
      const safe = safeCallbackUrl(fields[name], origin);
      if (safe === null) delete fields[name];
      else fields[name] = safe;
    }
  }
}

/** What next-auth's pages-style handler writes, collected into a Response. */
class CollectedResponse {
  private code = 200;
  private readonly headers = new Headers();
  private cookies: string[] = [];
  private body: string | null = null;

  status(code: number) {
    this.code = code;
    return this;
  }

  getHeader(name: string) {
    return name.toLowerCase() === "set-cookie" ? this.cookies : (this.headers.get(name) ?? undefined);
  }

  setHeader(name: string, value: string | string[]) {
    if (name.toLowerCase() === "set-cookie") this.cookies = ([] as string[]).concat(value);
    else this.headers.set(name, String(value));
    return this;
  }

  end() {}

  json(value: unknown) {
    this.headers.set("content-type", "application/json");
    this.body = JSON.stringify(value);
  }

  send(value: unknown) {
    if (typeof value === "string") this.body = value;
    else if (value !== undefined) this.json(value);
  }

  /** next-auth's answer to a step it does not have: a 400 in plain text. */
  get unknownStep(): boolean {
    return (
      this.code === 400 && typeof this.body === "string" && this.body.includes("is not supported by NextAuth")
    );
  }

  toResponse(): Response {
    const headers = new Headers(this.headers);
    for (const c of this.cookies) headers.append("set-cookie", c);
    return new Response(this.body, { status: this.code, headers });
  }
}

/** Runs next-auth for /api/auth/{segments}; `body` is the POST's fields (bodyFields). */
export async function runNextAuth(
  req: Request,
  segments: string[],
  options: NextAuthOptions,
  body?: Fields,
): Promise<Response> {
  // The browser client's error reports: nothing of ours reads them, and anyone could write them
  // into the server's error log.
  if (segments[0] === "_log") return new Response(null, { status: 204 });
  const params = new URL(req.url).searchParams;
  const unsafe = unsafeParam(params) ?? unsafeSegment(segments);
  if (unsafe) return errorResponse(fromFailure(unsafe), newRequestId());
  const query: Fields = Object.fromEntries(params);
  const fields = body ? { ...body } : undefined;
  const cookies = cookiesOf(req.headers.get("cookie"));
  checkCallbackUrls(query, cookies, ...(fields ? [fields] : []));
  const res = new CollectedResponse();
  const apiReq = {
    method: req.method,
    headers: Object.fromEntries(req.headers),
    cookies,
    body: fields,
    query: { ...query, nextauth: segments },
  };
  try {
    await NextAuth(apiReq as never, res as never, options);
    if (res.unknownStep)
      return errorResponse(new ApiError("not_found", "No such sign-in step."), newRequestId());
    return res.toResponse();
  } catch (err) {
    // next-auth puts some parameters into headers as given ("?error=€" into Location), which
    // a header cannot hold: that is the request's fault, not the server's.
    if (err instanceof TypeError && /ByteString|header/i.test(err.message))
      return errorResponse(headerRefusal(params), newRequestId());
    throw err;
  }
}

/** The first parameter (else the path) holding what a header cannot: past printable ASCII. */
function headerRefusal(params: URLSearchParams) {
  const name = [...params].find(([, v]) => /[^\x20-\x7e]/.test(v))?.[0] ?? "path";
  return invalidParameter(
    name,
    `${name}: holds characters this sign-in step cannot carry on; send it as the site wrote it`,
  );
}

/** A path segment with a control character, as the query's rule refuses it. */
function unsafeSegment(segments: string[]) {
  const bad = segments.find((s) => hasUnsafeCharacter(s));
  return bad === undefined ? null : invalidParam("path", "path: must not contain control characters");
}
