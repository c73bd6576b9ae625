// DELETE /api/keys/me — revoke the calling key; it is refused from the very next request.
import { apiMethods } from "@/lib/api/methods";
import { withApiKey } from "@/lib/api/with-api-key";
import { revokeAndNotify } from "@/lib/keys/registration";

export const dynamic = "force-dynamic";

const revoke = withApiKey(async ({ key, now }) => ({ body: await revokeAndNotify(key.id, now) }), {
  consume: false,
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ DELETE: revoke });
