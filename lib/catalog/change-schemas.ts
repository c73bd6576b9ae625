// The changes feed's parameters and answer (GET /v1/jobs/changes), shared by validation and the
// OpenAPI document.
import { z } from "zod";
import { decodeCursor } from "./cursor";
import { FacetsQuerySchema } from "./facet-schemas";
import { JobSummarySchema } from "./job-schemas";
import { QueryMetaSchema } from "./keyword-schemas";
import { wholeNumber } from "./schemas";

export const CHANGES_PER_PAGE_MAX = 1_000;
/** With expand=jobs each entry carries a row: pages as long as a search's. */
export const CHANGES_EXPANDED_PER_PAGE_MAX = 100;
export const CHANGE_KINDS = ["added", "changed", "removed", "left"] as const;

export const ChangesQuerySchema = FacetsQuerySchema.extend({
  since: z
    .string()
    .min(1, "must not be empty")
    .max(64, "is not a cursor this service gave")
    .refine((v) => decodeCursor(v) !== null, "not a cursor this service gave; start again without since.")
    .optional()
    .describe(
      "A cursor from an earlier answer's `meta.next`. Omitted: no changes, and the current cursor to start from",
    ),
  per_page: wholeNumber("Page size")
    .pipe(
      z
        .number()
        .int()
        .min(1, "must be at least 1")
        .max(CHANGES_PER_PAGE_MAX, `must be at most ${CHANGES_PER_PAGE_MAX}`),
    )
    .default(100)
    .describe(
      `Changes per page: up to ${CHANGES_PER_PAGE_MAX}, or ${CHANGES_EXPANDED_PER_PAGE_MAX} with expand=jobs`,
    ),
  expand: z
    .enum(["jobs"])
    .optional()
    .describe("jobs: each addition and change carries the job as served now"),
});

export type ChangesQuery = z.output<typeof ChangesQuerySchema>;

export const JobChangeSchema = z.object({
  id: z.string().max(64).describe("The job's id"),
  change: z
    .enum(CHANGE_KINDS)
    .describe(
      "added: an id the import before did not hold; changed: anything the job says differs; removed: the import no longer holds it; left (a feed filtered by country alone): it changed and is no longer in that country",
    ),
  seen_at: z.iso.datetime().max(30).describe("When the import that made this change read its source"),
  job: JobSummarySchema.nullable()
    .optional()
    .describe(
      "With expand=jobs: the job as served now; null for a removal, and for a job an import after this one removed",
    ),
});

export const ChangesResponseSchema = z.object({
  items: z.array(JobChangeSchema).max(CHANGES_PER_PAGE_MAX),
  meta: z.object({
    since: z
      .string()
      .max(64)
      .nullable()
      .describe("The cursor this page starts after; null when none was given"),
    next: z
      .string()
      .max(64)
      .describe(
        "Pass as `since` for the changes after this page (when has_more is false: for the next import's)",
      ),
    has_more: z
      .boolean()
      .describe(
        "Whether changes already published lie past `next`. A filtered page can be short, even empty, and still have more",
      ),
    query: QueryMetaSchema.optional().describe("With q: what was searched"),
  }),
});

export type JobChange = z.infer<typeof JobChangeSchema>;
export type ChangesPage = z.infer<typeof ChangesResponseSchema>;
