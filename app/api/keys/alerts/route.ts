// POST /api/keys/alerts — the Studio's switch for usage alerts by e-mail.

import { AlertsSettingSchema, alertsLimiter, setUsageAlerts } from "@/lib/alerts/settings";
import { jsonBody } from "@/lib/api/body";
import { apiMethods } from "@/lib/api/methods";
import { withSameOriginPosts } from "@/lib/api/with-same-origin-posts";

export const dynamic = "force-dynamic";

const post = withSameOriginPosts(
  async ({ req, user }) => ({
    body: await setUsageAlerts(user.id, (await jsonBody(req, AlertsSettingSchema)).enabled),
  }),
  { signedIn: true, limiter: alertsLimiter },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ POST: post });
