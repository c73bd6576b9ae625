// Shapes shared by every route, for the API reference.
import { z } from "zod";
import { ERROR_STATUS } from "./errors";

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [string, ...string[]]),
    message: z.string(),
    request_id: z.string(),
    param: z.string().optional().describe("The parameter (or header) that was wrong"),
    window: z.enum(["daily", "monthly"]).optional().describe("On quota_exceeded: the window that ran out"),
  }),
});
