// Turns a URL's query string into a validated object, or a failure naming the parameter.
import type { z } from "zod";
import { type Failure, invalidParam, ok, type Result } from "./result";

// C0 and C1 control characters, DEL, and U+FFFD: the character a malformed percent-escape
// (%FF, half of a UTF-8 sequence, an encoded surrogate) decodes to. None belongs in a search
// value, and Postgres refuses NUL outright ("invalid byte sequence"), which must not become a 500.
// Lone surrogates (half of a UTF-16 pair) match \p{Cs} only in unicode mode: a whole pair is
// one code point there.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\ufffd]|\p{Cs}/u;

/** True when the text has a control character, a lone surrogate or a replacement character. */
export function hasUnsafeCharacter(text: string): boolean {
  return UNSAFE_CHARACTER.test(text);
}

/**
 * A name safe to show and log: unsafe characters as \u escapes, long names cut after 40
 * characters (code points: a cut through a surrogate pair would leave half of it, unsafe again).
 */
const shown = (name: string) => {
  const visible = name.replace(
    new RegExp(UNSAFE_CHARACTER.source, "gu"),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  const chars = Array.from(visible);
  return chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : visible;
};

const UNSAFE_MESSAGE =
  "must not contain control characters (such as %00) or malformed percent-escapes (such as %FF)";

/**
 * The first parameter whose name or value holds an unsafe character, as a failure naming it.
 * Every query string passes through here (parseQueryParams, and the pages before they read
 * anything), so one rule covers every parameter of every route.
 */
export function unsafeParam(params: URLSearchParams): Failure<"invalid_parameter"> | null {
  for (const [name, value] of params) {
    if (hasUnsafeCharacter(name)) return invalidParam(shown(name), `A parameter name ${UNSAFE_MESSAGE}.`);
    if (hasUnsafeCharacter(value)) return invalidParam(shown(name), `${shown(name)}: ${UNSAFE_MESSAGE}`);
  }
  return null;
}

export function parseQueryParams<S extends z.ZodObject>(
  params: URLSearchParams,
  schema: S,
): Result<z.output<S>, "invalid_parameter"> {
  const unsafe = unsafeParam(params);
  if (unsafe) return unsafe;
  const allowed = Object.keys(schema.shape);
  const raw: Record<string, string> = {};
  for (const [name, value] of params) {
    // Unknown names are refused rather than ignored: a typo (`pag=2`) must not return page 1 quietly.
    if (!allowed.includes(name)) {
      const message = allowed.length
        ? `Unknown parameter "${shown(name)}"; this endpoint takes ${allowed.join(", ")}.`
        : `Unknown parameter "${shown(name)}"; this endpoint takes no parameters.`;
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
