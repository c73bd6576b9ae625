// x-codeSamples: one request per operation in curl, JavaScript (fetch) and Python (requests),
// written out from the same description so the three always make the same call. The key is
// read from the environment in each: keys belong in neither code nor URLs.
import { KEY_ENV } from "../../core/key-placeholder";

export type SampleRequest = {
  method: "GET" | "POST" | "DELETE";
  /** With path parameters filled in. */
  path: string;
  query?: Record<string, string>;
  /** key: X-API-Key; session: the site's signed-in cookie (same-origin POSTs); none. */
  auth: "key" | "session" | "none";
  body?: Record<string, string | boolean>;
};

export type CodeSample = { lang: string; label: string; source: string };

const SESSION_ENV = "JOBS_SESSION";

function urlOf(base: string, r: SampleRequest): string {
  const query = new URLSearchParams(r.query).toString();
  return `${base}${r.path}${query ? `?${query}` : ""}`;
}

function curl(base: string, r: SampleRequest, cookie: string): string {
  const lines = [`curl -i${r.method === "GET" ? "" : ` -X ${r.method}`} "${urlOf(base, r)}"`];
  if (r.auth === "key") lines.push(`-H "X-API-Key: $${KEY_ENV}"`);
  if (r.auth === "session") lines.push(`-b "${cookie}=$${SESSION_ENV}"`);
  if (r.body) {
    lines.push(`-H "Origin: ${base}"`, `-H "Content-Type: application/json"`);
    lines.push(`-d '${JSON.stringify(r.body)}'`);
  }
  return lines.join(" \\\n  ");
}

function javascript(base: string, r: SampleRequest): string {
  const options: string[] = [];
  if (r.method !== "GET") options.push(`method: "${r.method}"`);
  const headers: string[] = [];
  if (r.auth === "key") headers.push(`"X-API-Key": process.env.${KEY_ENV}`);
  if (r.body) headers.push(`"Content-Type": "application/json"`);
  if (headers.length) options.push(`headers: { ${headers.join(", ")} }`);
  if (r.body) options.push(`body: JSON.stringify(${JSON.stringify(r.body)})`);
  // The site's own routes are called from its pages: same origin, the browser sends the cookie.
  const url = r.auth === "session" || r.body ? urlOf("", r) : urlOf(base, r);
  const args = options.length ? `"${url}", {\n  ${options.join(",\n  ")},\n}` : `"${url}"`;
  return [
    `const res = await fetch(${args});`,
    "const body = await res.json();",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample's own template literal
    "if (!res.ok) throw new Error(`${res.status} ${body.error.code}: ${body.error.message}`);",
    "console.log(body);",
  ].join("\n");
}

function python(base: string, r: SampleRequest, cookie: string): string {
  const args = [`"${base}${r.path}"`];
  if (r.query) args.push(`params=${pyDict(r.query)}`);
  if (r.auth === "key") args.push(`headers={"X-API-Key": os.environ["${KEY_ENV}"]}`);
  if (r.body) args.push(`headers={"Origin": "${base}"}`, `json=${pyDict(r.body)}`);
  if (r.auth === "session") args.push(`cookies={"${cookie}": os.environ["${SESSION_ENV}"]}`);
  args.push("timeout=10");
  const usesOs = r.auth !== "none";
  return [
    ...(usesOs ? ["import os", ""] : []),
    "import requests",
    "",
    `res = requests.${r.method.toLowerCase()}(\n    ${args.join(",\n    ")},\n)`,
    "res.raise_for_status()",
    "print(res.json())",
  ].join("\n");
}

const pyDict = (o: Record<string, string | boolean>) =>
  `{${Object.entries(o)
    .map(([k, v]) => `"${k}": ${typeof v === "boolean" ? (v ? "True" : "False") : `"${v}"`}`)
    .join(", ")}}`;

export function codeSamples(base: string, r: SampleRequest, sessionCookie: string): CodeSample[] {
  return [
    { lang: "Shell", label: "curl", source: curl(base, r, sessionCookie) },
    { lang: "JavaScript", label: "JavaScript", source: javascript(base, r) },
    { lang: "Python", label: "Python", source: python(base, r, sessionCookie) },
  ];
}
