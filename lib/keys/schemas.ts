// Request and response shapes of the key routes: used for validation and the API reference.
import { z } from "zod";

export const TokenBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "is not a confirmation token"),
});

export const RevokeResponseSchema = z.object({
  id: z.string(),
  status: z.literal("revoked"),
  revoked_at: z.iso.datetime(),
});
export const RegisterResponseSchema = z.object({
  id: z.string(),
  status: z.literal("inactive"),
  hint: z.string(),
  email: z.string(),
});
export const ConfirmResponseSchema = z.object({ id: z.string(), status: z.literal("active") });
export const ConfirmCheckResponseSchema = z.object({
  state: z
    .enum(["ready", "expired", "active", "unknown"])
    .describe("active: the link was used and its key is active; unknown: not valid, or its key was revoked"),
  hint: z.string().optional(),
  expires_at: z.iso.datetime().optional(),
});
