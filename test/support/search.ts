// GET /v1/jobs from a test: the answer checked against its schema, and the same once its total
// is known.
import { expect } from "vitest";
import { JobSearchResponseSchema } from "@/lib/catalog/job-schemas";
import { countsFinished } from "@/lib/catalog/totals";
import { getJson } from "./http";

/** A search that must answer 200, parsed by its schema. */
export async function search(query: string) {
  const { status, body } = await getJson(`/v1/jobs?${query}`);
  expect(status, `${query}: ${JSON.stringify(body)}`).toBe(200);
  return JobSearchResponseSchema.parse(body);
}

/**
 * A search's answer once its total is known: asked, its count let finish off the request path
 * (a busy machine's first count may run out of its time), asked again.
 */
export async function settled(query: string) {
  await search(query);
  await countsFinished();
  return search(query);
}
