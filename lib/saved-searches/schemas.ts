// The Studio's saved-search requests and answers, shared by validation and the OpenAPI document.
import { z } from "zod";

const id = z.string().regex(/^ss_[A-Za-z0-9_-]{16}$/, "is not a saved search's id");

export const SavedSearchCreateSchema = z
  .object({
    name: z.string().trim().min(1, "must not be empty").max(80, "must be at most 80 characters"),
    query: z
      .string()
      .max(2000, "must be at most 2000 characters")
      .describe(
        "A /v1/jobs query string (or URL): its parameters but page, per_page, sort, highlight and tz",
      ),
    email_digest: z.boolean({ error: "must be true or false" }),
    webhook_url: z.string().max(2048, "must be at most 2048 characters").nullable().optional(),
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
