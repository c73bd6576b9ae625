// npm run -s keys -- create|tier|revoke|show ... — the operator CLI for support staff, scripts
// and tests. `create` prints the key once; nothing else ever prints one.
import { parseArgs } from "node:util";
import { db, disconnectDb } from "../lib/core/db";
import { setEnvCommand } from "../lib/core/env";
import { TIER_NAMES, type Tier } from "../lib/core/plans";
import { revokeKey, setUserTier } from "../lib/keys/lifecycle";
import { insertKey, upsertUserByEmail } from "../lib/keys/store";
import { closeRedis } from "../lib/redis/client";
import { withDatabase } from "./with-database";

// Checks the environment for what this command uses (lib/core/env.ts ENV_COMMANDS), not the
// server's needs.
setEnvCommand("keys");

const USAGE = `usage: npm run -s keys -- create --email <e> [--tier free|builder|pro] [--inactive]
       npm run -s keys -- tier --email <e> --tier free|builder|pro
       npm run -s keys -- revoke --email <e>
       npm run -s keys -- show --email <e>`;

class UsageError extends Error {}

function args() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      tier: { type: "string" },
      inactive: { type: "boolean", default: false },
    },
  });
  const [command, ...rest] = positionals;
  const email = values.email?.trim().toLowerCase();
  if (rest.length || !email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new UsageError();
  if (values.tier !== undefined && !TIER_NAMES.includes(values.tier as Tier)) throw new UsageError();
  return { command, email, tier: values.tier as Tier | undefined, inactive: values.inactive ?? false };
}

async function findUser(email: string) {
  const user = await db().user.findUnique({ where: { email } });
  if (!user) throw new Error(`no user with e-mail ${email}`);
  return user;
}

async function main(a: ReturnType<typeof args>): Promise<unknown> {
  switch (a.command) {
    case "create": {
      const user = await upsertUserByEmail(a.email);
      if (a.tier && a.tier !== user.tier) await setUserTier(user.id, a.tier);
      const live = await db().apiKey.findFirst({
        where: { userId: user.id, status: { in: ["inactive", "active"] } },
      });
      if (live)
        throw new Error(`${a.email} already has a live key (${live.hint}, ${live.status}); revoke it first`);
      const { key, record } = await insertKey(user.id, a.inactive ? "inactive" : "active");
      return { id: record.id, key, status: record.status, tier: a.tier ?? user.tier, email: a.email };
    }
    case "tier": {
      if (!a.tier || a.inactive) throw new UsageError();
      const user = await findUser(a.email);
      await setUserTier(user.id, a.tier);
      return { email: a.email, tier: a.tier };
    }
    case "revoke": {
      if (a.tier || a.inactive) throw new UsageError();
      const user = await findUser(a.email);
      const live = await db().apiKey.findFirst({
        where: { userId: user.id, status: { in: ["inactive", "active"] } },
      });
      if (!live) throw new Error(`${a.email} has no live key`);
      return { email: a.email, ...(await revokeKey(live.id, new Date())) };
    }
    case "show": {
      if (a.tier || a.inactive) throw new UsageError();
      const user = await findUser(a.email);
      const keys = await db().apiKey.findMany({
        where: { userId: user.id },
        orderBy: { createdAt: "asc" },
        select: { id: true, hint: true, status: true, createdAt: true, confirmedAt: true, revokedAt: true },
      });
      return { email: a.email, tier: user.tier, keys };
    }
    default:
      throw new UsageError();
  }
}

// Arguments first: a usage error needs no database. Prisma lets go of the database before an
// embedded one this command serves is closed.
Promise.resolve()
  .then(() => args())
  .then((a) => withDatabase(() => main(a).finally(() => disconnectDb().then(closeRedis))))
  .then((out) => console.log(JSON.stringify(out)))
  .catch((err) => {
    console.error(err instanceof UsageError ? USAGE : `error: ${(err as Error).message}`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  });
