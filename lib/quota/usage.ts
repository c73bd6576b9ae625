// GET /api/keys/usage: plan, both windows, and this month's days.
import { z } from "zod";
import { formatInZone, TimeZoneSchema } from "../core/time";
import { keyUsage } from "./pg-engine";
import type { QuotaState, QuotaWindow } from "./state";

export const UsageQuerySchema = z.object({ tz: TimeZoneSchema.max(64).optional() });

/** Requests in a window: never negative, and within a plan's limits (an INTEGER's range). */
const requests = () => z.number().int().min(0).max(2_147_483_647);
const ResetLocalSchema = z.string().max(40);

const WindowSchema = z.object({
  limit: requests(),
  used: requests(),
  remaining: requests(),
  reset: z.iso.datetime().max(30).describe("Next reset, UTC"),
  reset_local: ResetLocalSchema.optional().describe("Next reset in the requested zone, ISO 8601 with offset"),
});

export const UsageResponseSchema = z.object({
  key: z.object({ id: z.string().max(64), hint: z.string().max(20) }),
  tier: z.enum(["free", "builder", "pro"]),
  daily: WindowSchema,
  monthly: WindowSchema,
  days: z
    .array(z.object({ date: z.iso.date().max(10), count: requests() }))
    .max(31)
    .describe("Requests per UTC day this month, oldest first"),
  reset_local: ResetLocalSchema.optional().describe("Same as daily.reset_local"),
});

function window(w: QuotaWindow, zone?: string) {
  const out: z.infer<typeof WindowSchema> = {
    limit: w.limit,
    used: w.used,
    remaining: w.remaining,
    reset: w.reset.toISOString(),
  };
  if (zone) out.reset_local = formatInZone(w.reset, zone);
  return out;
}

export async function usageReport(
  keyId: string,
  quota: QuotaState,
  now: Date,
  zone?: string,
): Promise<z.infer<typeof UsageResponseSchema>> {
  // Today's figure comes from the admission that just happened.
  const key = await keyUsage(keyId, now, quota.daily.used);
  if (!key) throw new Error(`key ${keyId} vanished after its admission`);
  const report: z.infer<typeof UsageResponseSchema> = {
    key: { id: key.id, hint: key.hint },
    tier: key.tier,
    daily: window(quota.daily, zone),
    monthly: window(quota.monthly, zone),
    days: key.days,
  };
  if (zone) report.reset_local = report.daily.reset_local;
  return report;
}
