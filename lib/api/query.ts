// Turns a URL's query string into a validated object, or a 400 naming the parameter.
import type { z } from "zod";
import { invalidParameter } from "./errors";

const shown = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

export function parseQuery<S extends z.ZodObject>(params: URLSearchParams, schema: S): z.output<S> {
  const allowed = Object.keys(schema.shape);
  const raw: Record<string, string> = {};
  for (const [name, value] of params) {
    // Unknown names are refused rather than ignored: a typo (`pag=2`) must not return page 1 quietly.
    if (!allowed.includes(name)) {
      throw invalidParameter(
        shown(name),
        `Unknown parameter "${shown(name)}"; this endpoint takes ${allowed.join(", ")}.`,
      );
    }
    if (name in raw) throw invalidParameter(name, `"${name}" was given more than once.`);
    raw[name] = value;
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const param = String(issue.path[0] ?? allowed[0]);
  throw invalidParameter(param, `${param}: ${issue.message}`);
}
