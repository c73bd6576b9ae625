// Reading the OpenAPI document in tests: the one the app serves, its operations, its headers,
// and whether a real response is what it says.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { request } from "./http";

type Header = { $ref?: string; required?: boolean; example?: unknown; schema?: object };
export type DocResponse = {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<
    string,
    { schema: object; example?: unknown; examples?: Record<string, { value: unknown }> }
  >;
};
export type Operation = {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: object[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    example?: unknown;
    schema: object;
  }[];
  responses: Record<string, DocResponse>;
  "x-codeSamples"?: { lang: string; label: string; source: string }[];
};
export type Doc = {
  openapi: string;
  info: Record<string, unknown>;
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { headers: Record<string, Header>; schemas: Record<string, object> };
};

/** The document as the app serves it, to anyone (no key). */
export async function servedDoc(): Promise<Doc> {
  const res = await request("/openapi.json", { key: null });
  expect(res.status).toBe(200);
  return res.json();
}

export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"];

export function operations(doc: Doc): { path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op })),
  );
}

/** A response's header, its $ref followed. */
export function headerOf(doc: Doc, h: Header): Header {
  if (!h.$ref) return h;
  const name = h.$ref.replace("#/components/headers/", "");
  const resolved = doc.components.headers[name];
  expect(resolved, h.$ref).toBeTruthy();
  return resolved!;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/** Checks one real response against what the document says for that operation and status. */
export async function conforms(doc: Doc, res: Response, pathKey: string, method: string): Promise<void> {
  const op = doc.paths[pathKey]?.[method];
  expect(op, `${method} ${pathKey} documented`).toBeTruthy();
  const documented = op!.responses[String(res.status)];
  expect(documented, `${method} ${pathKey} documents ${res.status}`).toBeTruthy();
  for (const [name, h] of Object.entries(documented!.headers ?? {})) {
    // Headers the document calls required must be there; optional ones may be.
    if (!headerOf(doc, h).required) continue;
    expect(res.headers.has(name), `${method} ${pathKey} ${res.status} sends ${name}`).toBe(true);
  }
  const schema = documented!.content?.["application/json"]?.schema;
  if (!schema) {
    expect(await res.text(), `${method} ${pathKey} ${res.status} has no body`).toBe("");
    return;
  }
  const body = await res.json();
  const validate = ajv.compile({ ...schema, components: doc.components });
  expect(validate(body), `${method} ${pathKey} ${res.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}
