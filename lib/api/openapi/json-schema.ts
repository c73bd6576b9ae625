// From the zod schemas the handlers validate with to the JSON Schemas of the reference, so the
// two cannot drift apart.
import { z } from "zod";

export type Json = Record<string, unknown>;

// zod bounds every integer by the safe-integer range; in a reference that is noise
// ("max: 9007199254740991"), and the real bounds are given where there are any.
function withoutSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSafeIntegerBounds);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(
        ([k, v]) =>
          !(["minimum", "maximum"].includes(k) && Math.abs(v as number) === Number.MAX_SAFE_INTEGER),
      )
      .map(([k, v]) => [k, withoutSafeIntegerBounds(v)]),
  );
}

const INT32 = 2 ** 31;

// OpenAPI's integer formats, which zod does not write: int32 when the bounds the schema enforces
// fit in 32 bits, int64 when they fit in 64; an integer without both bounds gets none.
function withIntegerFormats(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withIntegerFormats);
  if (!node || typeof node !== "object") return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withIntegerFormats(v)])) as Json;
  const { type, minimum, maximum, format } = out;
  if (
    type === "integer" &&
    format === undefined &&
    typeof minimum === "number" &&
    typeof maximum === "number"
  )
    out.format = minimum >= -INT32 && maximum < INT32 ? "int32" : "int64";
  return out;
}

export function jsonSchema(schema: z.ZodType, io: "input" | "output" = "output"): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return withIntegerFormats(withoutSafeIntegerBounds(rest)) as Json;
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** One JSON body with its examples: a single `example`, or several named ones to choose from. */
export function jsonContent(schema: Json, examples: Record<string, { summary: string; value: unknown }>) {
  const entries = Object.entries(examples);
  const only = entries.length === 1 ? entries[0] : undefined;
  return {
    "application/json": only ? { schema, example: only[1].value } : { schema, examples },
  };
}

/**
 * The query parameters of a zod object, each with an example. `sent` are the parameters of the
 * operation's first request: their `example` is what the reference's try-it fills in and sends,
 * so together they must form one valid request that finds something. `shown` are only shown, in
 * the description: a try-it sends every example it finds, and filters that exclude each other or
 * match nothing would make the first Send fail. Every field must be in one of the two: a
 * parameter without an example is a gap in the reference, so a missing one throws.
 */
export function queryParameters(
  schema: z.ZodObject,
  sent: Record<string, unknown>,
  shown: Record<string, unknown> = {},
): Json[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const output = jsonSchema(field as z.ZodType);
    // A parameter parsed by a transform (a comma-separated list, a date) has no output type to
    // describe: what is sent is its input, a string, which a typed client must be told.
    const { description, ...rest } =
      Object.keys(output).filter((k) => k !== "description" && k !== "default").length > 0
        ? output
        : { ...jsonSchema(field as z.ZodType, "input"), ...output };
    const parameter = {
      name,
      in: "query",
      required: !(field as z.ZodType).safeParse(undefined).success,
      description,
      schema: rest,
    };
    if (name in sent) return { ...parameter, example: sent[name] };
    if (name in shown) return { ...parameter, description: withExample(description, shown[name]) };
    throw new Error(`query parameter ${name} has no example`);
  });
}

/** A description ending with an example the try-it does not fill in. */
export function withExample(description: unknown, example: unknown): string {
  const text = typeof description === "string" ? description.trim() : "";
  const sentence = text && !/[.!?]$/.test(text) ? `${text}.` : text;
  return `${sentence}${sentence ? " " : ""}Example: \`${String(example)}\`.`;
}
