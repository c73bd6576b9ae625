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

export function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as Json;
  return withoutSafeIntegerBounds(rest) as Json;
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
 * The query parameters of a zod object, each with an example. Every field must have one: a
 * parameter without an example is a gap in the reference, so a missing one throws.
 */
export function queryParameters(schema: z.ZodObject, examples: Record<string, unknown>): Json[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { description, ...rest } = jsonSchema(field as z.ZodType);
    if (!(name in examples)) throw new Error(`query parameter ${name} has no example`);
    return {
      name,
      in: "query",
      required: !(field as z.ZodType).safeParse(undefined).success,
      description,
      schema: rest,
      example: examples[name],
    };
  });
}
