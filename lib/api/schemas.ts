// Shapes shared by every route, for the API reference.
import { z } from "zod";
import { ERROR_STATUS } from "./errors";

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [string, ...string[]]),
    message: z.string().max(2000),
    request_id: z
      .string()
      .regex(/^req_[A-Za-z0-9_-]{16}$/)
      .max(20),
    param: z.string().max(100).optional().describe("The parameter (or header) that was wrong"),
    window: z.enum(["daily", "monthly"]).optional().describe("On quota_exceeded: the window that ran out"),
  }),
});
