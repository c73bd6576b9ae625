// DELETE /api/keys/me — revoke the calling key; it is refused from the very next request.
import { withApiKey } from "@/lib/api/with-api-key";
import { revokeAndNotify } from "@/lib/keys/registration";

export const dynamic = "force-dynamic";

export const DELETE = withApiKey(async ({ key, now }) => ({ body: await revokeAndNotify(key.id, now) }), {
  consume: false,
});
