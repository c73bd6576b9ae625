// DELETE /api/keys/me — revoke the calling key; it is refused from the very next request.
import { withApiKey } from "@/lib/api/with-v1";
import { revokeKey } from "@/lib/keys/lifecycle";

export const dynamic = "force-dynamic";

export const DELETE = withApiKey(async ({ key, now }) => ({ body: await revokeKey(key.id, now) }), { consume: false });
