import { z } from "zod";

/** The one error shape: exactly these keys, param only when a parameter was wrong. */
export const ErrorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    message: z.string().min(10),
    request_id: z.string().startsWith("req_"),
    param: z.string().optional(),
  }),
});
