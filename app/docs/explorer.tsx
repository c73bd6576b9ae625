"use client";
// The interactive part of /docs: every keyed operation from /openapi.json with inputs for
// its parameters, a Send button, the live response, and a curl line to copy. The key stays in
// this page's memory: it is sent in the X-API-Key header only, never put in a URL or stored.
import { useEffect, useMemo, useState } from "react";

type Param = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: { type?: string; default?: unknown; minimum?: number; maximum?: number };
};
type Operation = {
  method: string;
  path: string;
  summary: string;
  parameters: Param[];
  responses: Record<string, { description: string }>;
};
type Result = { status: number; headers: [string, string][]; body: string };

const SHOWN_HEADERS = /^(x-ratelimit|ratelimit|retry-after|etag|link|x-request-id)/i;

// What a key holder calls: /v1/* and the keyed /api/keys routes (the site's own POSTs are left out).
const KEYED = /^\/v1\/|^\/api\/keys\/(usage|me)$/;

function operationsOf(doc: {
  paths: Record<
    string,
    Record<string, { summary: string; parameters?: Param[]; responses: Operation["responses"] }>
  >;
}): Operation[] {
  return Object.entries(doc.paths)
    .filter(([path]) => KEYED.test(path))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        parameters: (op.parameters ?? []).filter((p) => p.in !== "header"),
        responses: op.responses,
      })),
    );
}

function buildPath(op: Operation, values: Record<string, string>): string {
  let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
  const query = new URLSearchParams(
    op.parameters
      .filter((p) => p.in === "query" && values[p.name])
      .map((p) => [p.name, values[p.name] ?? ""]),
  );
  if ([...query].length) path += `?${query}`;
  return path;
}

function OperationCard({ op, apiKey }: { op: Operation; apiKey: string }) {
  const [values, setValues] = useState<Record<string, string>>(
    (): Record<string, string> => (op.path.includes("{id}") ? { id: "job-0000001" } : {}),
  );
  const [result, setResult] = useState<Result | null>(null);
  const [copied, setCopied] = useState(false);
  const path = buildPath(op, values);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const curlWith = (k: string) =>
    `curl -i${op.method === "GET" ? "" : ` -X ${op.method}`} -H "X-API-Key: ${k}" "${origin}${path}"`;
  // On screen only the hint (the field is masked too); Copy puts the whole command on the clipboard.
  const curl = curlWith(apiKey ? `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}` : "$KEY");
  const id = `${op.method}-${op.path}`.replace(/[^a-z0-9]+/gi, "-");

  async function send() {
    const res = await fetch(path, { method: op.method, headers: apiKey ? { "X-API-Key": apiKey } : {} });
    const text = await res.text();
    let body = text;
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
    } catch {}
    setResult({ status: res.status, headers: [...res.headers].filter(([h]) => SHOWN_HEADERS.test(h)), body });
  }

  return (
    <section className="panel" aria-labelledby={id}>
      <h3 id={id}>
        <code>
          {op.method} {op.path}
        </code>
      </h3>
      <p>{op.summary}</p>
      {op.parameters.length > 0 && (
        <div className="row">
          {op.parameters.map((p) => (
            <label key={p.name}>
              {p.name}
              {p.required ? " (required)" : ""}
              <input
                value={values[p.name] ?? ""}
                placeholder={p.schema?.default !== undefined ? String(p.schema.default) : ""}
                onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
                aria-describedby={p.description ? `${id}-${p.name}` : undefined}
              />
              {p.description && (
                <span
                  id={`${id}-${p.name}`}
                  className="muted"
                  style={{ fontWeight: 400, fontSize: "0.85rem" }}
                >
                  {p.description}
                </span>
              )}
            </label>
          ))}
        </div>
      )}
      <pre>{curl}</pre>
      <div className="row">
        <button type="button" onClick={send}>
          Send
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            navigator.clipboard.writeText(curlWith(apiKey || "$KEY")).then(() => setCopied(true))
          }
        >
          {copied ? "Copied" : "Copy curl"}
        </button>
      </div>
      <details>
        <summary>Responses</summary>
        <ul>
          {Object.entries(op.responses).map(([s, r]) => (
            <li key={s}>
              <strong>{s}</strong>: {r.description}
            </li>
          ))}
        </ul>
      </details>
      {result && (
        <div aria-live="polite">
          <p>
            <strong>HTTP {result.status}</strong>
          </p>
          <pre>{result.headers.map(([h, v]) => `${h}: ${v}`).join("\n")}</pre>
          <pre>{result.body}</pre>
        </div>
      )}
    </section>
  );
}

export function Explorer() {
  const [doc, setDoc] = useState<Parameters<typeof operationsOf>[0] | null>(null);
  const [apiKey, setApiKey] = useState("");
  useEffect(() => {
    fetch("/openapi.json")
      .then((r) => r.json())
      .then(setDoc)
      .catch(() => setDoc(null));
  }, []);
  const ops = useMemo(() => (doc ? operationsOf(doc) : []), [doc]);
  return (
    <>
      <label className="panel">
        Your API key (kept in this page only; sent in the X-API-Key header)
        <input
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value.trim())}
          placeholder="jsk_…"
        />
      </label>
      {!doc && <p aria-live="polite">Loading the reference…</p>}
      {ops.map((op) => (
        <OperationCard key={`${op.method} ${op.path}`} op={op} apiKey={apiKey} />
      ))}
    </>
  );
}
