// The Studio's saved-search requests and answers, shared by validation and the OpenAPI document.
import { z } from "zod";
import { JobSummarySchema } from "../catalog/job-schemas";
import { hasUnsafeCharacter } from "../core/query-params";

const id = z.string().regex(/^ss_[A-Za-z0-9_-]{16}$/, "is not a saved search's id");

export const SavedSearchCreateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(80, "must be at most 80 characters")
      .refine((v) => !hasUnsafeCharacter(v), "must not contain control characters"),
    query: z
      .string()
      .max(2000, "must be at most 2000 characters")
      .describe(
        "A /v1/jobs query string (or URL): its parameters but page, per_page, sort, highlight and tz",
      ),
    email_digest: z.boolean({ error: "must be true or false" }),
    webhook_url: z
      .string()
      .max(2048, "must be at most 2048 characters")
      .refine((v) => !hasUnsafeCharacter(v), "must not contain control characters")
      .nullable()
      .optional(),
  })
  .strict();

export const SavedSearchIdSchema = z.object({ id }).strict();

export const SavedSearchViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  email_digest: z.boolean(),
  webhook_url: z.string().nullable(),
  webhook_status: z.enum(["active", "failing", "disabled"]).nullable(),
  created_at: z.string(),
});

export const DeliveryViewSchema = z.object({
  id: z.string(),
  saved_search_id: z.string(),
  channel: z.enum(["webhook", "email", "test"]),
  status: z.enum(["pending", "delivered", "failed", "skipped"]),
  jobs: z.number().int(),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
});

export type SavedSearchView = z.infer<typeof SavedSearchViewSchema>;
export type DeliveryView = z.infer<typeof DeliveryViewSchema>;

/** The body of a saved search's webhook delivery (the OpenAPI document's `webhooks`). */
export const SavedSearchEventSchema = z.object({
  id: z.string().max(40).describe("The event's id, also in the Webhook-Id header: deduplicate by it"),
  created_at: z.iso.datetime().max(30),
  type: z
    .enum(["saved_search.new_jobs", "saved_search.test"])
    .describe("new_jobs after an import; test from the Studio's button (no jobs)"),
  saved_search: z.object({ id: z.string().max(40), name: z.string().max(80), query: z.string().max(2000) }),
  import: z
    .object({
      seen_at: z.iso.datetime().max(30).describe("When the import read its source: the jobs' first_seen_at"),
    })
    .optional(),
  total: z.number().int().min(0).max(2_147_483_647).describe("New jobs matching the search in this import"),
  total_exact: z.boolean().describe("false when total is a lower bound"),
  jobs: z.array(JobSummarySchema).max(100).describe("The newest of them, up to 100"),
});
