// Turns a URL's query string into a validated object, or a failure naming the parameter.
import type { z } from "zod";
import { type Failure, invalidParam, ok, type Result } from "./result";

const shown = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

export function parseQueryParams<S extends z.ZodObject>(
  params: URLSearchParams,
  schema: S,
): Result<z.output<S>, "invalid_parameter"> {
  const allowed = Object.keys(schema.shape);
  const raw: Record<string, string> = {};
  for (const [name, value] of params) {
    // Unknown names are refused rather than ignored: a typo (`pag=2`) must not return page 1 quietly.
    if (!allowed.includes(name)) {
      const message = `Unknown parameter "${shown(name)}"; this endpoint takes ${allowed.join(", ")}.`;
      return invalidParam(shown(name), message);
    }
    if (name in raw) return invalidParam(name, `"${name}" was given more than once.`);
    raw[name] = value;
  }
  const result = schema.safeParse(raw);
  if (result.success) return ok(result.data);
  return firstIssue(result.error, allowed[0] ?? "query");
}

/** The first problem zod found, as a failure naming its parameter. */
export function firstIssue(error: z.ZodError, fallback: string): Failure<"invalid_parameter"> {
  const [issue] = error.issues;
  const param = String(issue?.path[0] ?? fallback);
  return invalidParam(param, `${param}: ${issue?.message ?? "invalid"}`);
}
