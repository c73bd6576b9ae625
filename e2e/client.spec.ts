// The typed client (packages/client) against the running server: typed answers, paging by
// next_page, a 304 answered from its cache, the rate-limit headers read, and error bodies.
import { expect, test } from "@playwright/test";
import { createJobsClient, JobsApiError } from "../packages/client/src";

const client = () => {
  const apiKey = process.env.E2E_API_KEY;
  if (!apiKey) throw new Error("E2E_API_KEY: the e2e harness makes one");
  return createJobsClient({ baseUrl: process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000", apiKey });
};

test("the typed client searches, reads a job and the rate-limit headers", async () => {
  const api = client();
  const page = await api.searchJobs({ title: "engineer", country: "DE", per_page: 5 });
  if (!page.ok) throw new Error(page.error.error.message);
  expect(page.data.items).toHaveLength(5);
  expect(page.data.meta.total).toBeGreaterThan(5);
  expect(page.rateLimit.limit).toBeGreaterThan(0);
  expect(page.rateLimit.windows.monthly?.remaining).toBeGreaterThan(0);
  const first = page.data.items[0]!;
  const job = await api.getJob(first.id);
  expect(job.ok && job.data.title).toBe(first.title);
  expect(job.ok && job.data.salary_source).toBe(first.salary_source);
});

test("the typed client answers an unchanged GET from its cache after a 304, uncharged", async () => {
  const api = client();
  const before = await api.salary({ country: "DE" });
  const again = await api.salary({ country: "DE" });
  expect(before.ok && again.ok).toBe(true);
  expect(again.ok && again.fromCache).toBe(true);
  expect(again.ok && again.data).toEqual(before.ok && before.data);
  // The server gave the 304's unit back: the day's remaining count did not move.
  expect(again.rateLimit.remaining).toBe(before.rateLimit.remaining);
});

test("the typed client pages through every job of a search by next_page", async () => {
  const api = client();
  const first = await api.searchJobs({ title: "engineer", country: "US", per_page: 50 });
  if (!first.ok) throw new Error(first.error.error.message);
  expect(first.data.meta.total).toBeGreaterThan(100); // three pages or more
  const ids: string[] = [];
  for await (const job of api.allJobs({ title: "engineer", country: "US", per_page: 50 })) ids.push(job.id);
  expect(ids.length).toBe(first.data.meta.total);
  expect(new Set(ids).size).toBe(ids.length);
});

test("the typed client returns error bodies as values, and throws them while paging", async () => {
  const api = client();
  const bad = await api.searchJobs({ country: "Atlantis" });
  expect(bad.ok).toBe(false);
  expect(!bad.ok && bad.status).toBe(400);
  expect(!bad.ok && bad.error.error.code).toBe("invalid_parameter");
  const missing = await api.getJob("no-such-job");
  expect(!missing.ok && missing.status).toBe(404);
  const pages = api.allJobs({ salary_min: 1000 }); // needs one country: a 400
  await expect(pages.next()).rejects.toBeInstanceOf(JobsApiError);
});
