// GET /v1/jobs/{id}/duplicates: its parameters (none) and answer, shared by validation and the
// OpenAPI document.
import { z } from "zod";
import { countInt, JobRowSchema } from "./job-schemas";

export const JobDuplicatesQuerySchema = z.object({});

/** The other postings of a job's group: GET /v1/jobs/{id}/duplicates. */
export const JobDuplicatesResponseSchema = z.object({
  items: z.array(JobRowSchema).max(100),
  meta: z.object({
    canonical_id: z.string().max(64).describe("The id searches show for this group"),
    total: countInt().describe("Postings in the group besides the one asked for"),
    has_more: z.boolean().describe("More than the 100 listed"),
  }),
});
