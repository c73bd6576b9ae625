// The Studio's switch for usage alerts: on by default, per user.
import { z } from "zod";
import { db } from "../core/db";
import { createLimiter } from "../core/ratelimit";

export const AlertsSettingSchema = z
  .object({ enabled: z.boolean({ error: "must be true or false" }) })
  .strict()
  .describe("Whether to e-mail usage alerts (80 % and 100 % of each quota window)");

export const AlertsSettingResponseSchema = z.object({
  usage_alerts: z.boolean().describe("Whether usage alerts are e-mailed from now on"),
});

/** Thirty switches an hour per user: a person clicking, not a script. */
export const alertsLimiter = createLimiter("alerts", 30, { seconds: 3600 });

export async function setUsageAlerts(userId: string, enabled: boolean) {
  await db().user.update({ where: { id: userId }, data: { usageAlerts: enabled } });
  return { usage_alerts: enabled };
}
