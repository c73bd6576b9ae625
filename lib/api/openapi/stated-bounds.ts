// Bounds the document states for GET /v1/jobs/facets' answer, whose zod schema
// (lib/catalog/facet-schemas.ts) leaves its counts and names unbounded. Each holds by
// construction: counts are of one snapshot's jobs (an INTEGER's range), amounts are annualised
// salaries (capped at 2,000,000,000 by the importer), names are company names (VARCHAR(200)).
// test/openapi.test.ts checks real answers against them. Once the schema states them itself,
// this goes: a bound already there is an error here, so the two cannot disagree.
import type { Json } from "./json-schema";

const COUNT = { type: "integer", format: "int32", minimum: 0, maximum: 2_147_483_647 };
const AMOUNT = { type: "integer", format: "int32", minimum: 0, maximum: 2_000_000_000 };

/** Dotted paths through `properties` (and `items` for arrays) to the bounds each gets. */
const FACETS: Record<string, Json> = {
  "countries.count": COUNT,
  "employment_types.count": COUNT,
  "remote.count": COUNT,
  "seniority.count": COUNT,
  "companies.count": COUNT,
  "companies.name": { type: "string", maxLength: 200 },
  "salary_histograms.count": COUNT,
  "salary_histograms.buckets.min": AMOUNT,
  "salary_histograms.buckets.max": AMOUNT,
  "salary_histograms.buckets.count": COUNT,
  "meta.total": COUNT,
  "meta.counted": COUNT,
  "meta.reset_local": { type: "string", maxLength: 40 },
};

function at(schema: Json, path: string): Json {
  let node = schema;
  for (const part of path.split(".")) {
    while (node.type === "array") node = node.items as Json;
    const next = (node.properties as Record<string, Json> | undefined)?.[part];
    if (!next) throw new Error(`stated-bounds: no property ${path}`);
    node = next;
  }
  return node;
}

/** The facets schema with its bounds stated; throws when a path is gone or already bounded. */
export function withFacetBounds(schema: Json): Json {
  const copy = structuredClone(schema);
  for (const [path, bounds] of Object.entries(FACETS)) {
    const node = at(copy, path);
    if (node.type !== bounds.type) throw new Error(`stated-bounds: ${path} is not a ${bounds.type}`);
    for (const key of Object.keys(bounds))
      if (key !== "type" && key in node) throw new Error(`stated-bounds: ${path} already has ${key}`);
    Object.assign(node, bounds);
  }
  return copy;
}
