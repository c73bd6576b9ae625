// Request and response shapes of the key routes: used for validation and the API reference.
import { z } from "zod";

// Bounds of what the database holds (hint: VARCHAR(20)); addresses are at most 254 characters (RFC 5321).
const KeyIdSchema = z.string().max(64);
const HintSchema = z.string().max(20);

export const TokenBodySchema = z.object({
  token: z
    .string()
    .max(43, "is not a confirmation token")
    .regex(/^[A-Za-z0-9_-]{43}$/, "is not a confirmation token"),
});

export const RevokeResponseSchema = z.object({
  id: KeyIdSchema,
  status: z.literal("revoked"),
  revoked_at: z.iso.datetime().max(30),
});
export const RegisterResponseSchema = z.object({
  id: KeyIdSchema,
  status: z.literal("inactive"),
  hint: HintSchema,
  email: z.string().max(254),
});
export const ConfirmResponseSchema = z.object({ id: KeyIdSchema, status: z.literal("active") });
export const ConfirmCheckResponseSchema = z.object({
  state: z
    .enum(["ready", "expired", "active", "unknown"])
    .describe("active: the link was used and its key is active; unknown: not valid, or its key was revoked"),
  hint: HintSchema.optional(),
  expires_at: z.iso.datetime().max(30).optional(),
});
