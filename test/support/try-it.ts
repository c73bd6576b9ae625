// The request the reference's try-it (Scalar, on /docs) fills in for an operation before the
// reader changes anything, read from the OpenAPI document by the rules Scalar applies: a
// parameter's value is its first `examples` entry or its `example`, else its schema's
// `default`, first `enum` value, first `examples` entry or `example`; a parameter with a value
// is sent unless its example says `x-disabled: true`. The body is the first JSON example.
import type { Doc, Operation } from "./openapi-doc";

type Param = NonNullable<Operation["parameters"]>[number] & {
  examples?: Record<string, { value?: unknown; "x-disabled"?: boolean }>;
};
type Schema = { default?: unknown; enum?: unknown[]; examples?: unknown[]; example?: unknown };

function prefilled(param: Param): { value: unknown; disabled?: boolean } | undefined {
  const first = param.examples ? Object.values(param.examples)[0] : undefined;
  if (first) return { value: first.value, disabled: first["x-disabled"] };
  if (param.example !== undefined) return { value: param.example };
  const schema = param.schema as Schema;
  for (const value of [schema.default, schema.enum?.[0], schema.examples?.[0], schema.example]) {
    if (value !== undefined) return { value };
  }
  return undefined;
}

const text = (v: unknown) => (Array.isArray(v) ? v.join(",") : String(v));

export type TryItRequest = {
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** The security schemes the operation accepts (ApiKey, Session), none for a public one. */
  security: string[];
};

export function tryItRequest(doc: Doc, pathKey: string, method: string): TryItRequest {
  const op = doc.paths[pathKey]?.[method] as Operation & {
    requestBody?: {
      content?: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }>;
    };
  };
  let path = pathKey;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const param of (op.parameters ?? []) as Param[]) {
    const found = prefilled(param);
    const has = found && found.value !== undefined && found.value !== null && found.value !== "";
    const sent = typeof found?.disabled === "boolean" ? !found.disabled : has;
    if (!sent && !(param.required || param.in === "path")) continue;
    const value = has ? text(found?.value) : "";
    if (param.in === "path") path = path.replace(`{${param.name}}`, encodeURIComponent(value));
    else if (param.in === "query") query.append(param.name, value);
    else if (param.in === "header") headers[param.name] = value;
  }
  const media = op.requestBody?.content?.["application/json"];
  const example = media ? (media.example ?? Object.values(media.examples ?? {})[0]?.value) : undefined;
  if (example !== undefined) headers["Content-Type"] = "application/json";
  const security = (op.security ?? (doc as { security?: object[] }).security ?? []).flatMap((s) =>
    Object.keys(s),
  );
  const qs = query.toString();
  return {
    path: `${path}${qs ? `?${qs}` : ""}`,
    method: method.toUpperCase(),
    headers,
    body: example === undefined ? undefined : JSON.stringify(example),
    security,
  };
}
