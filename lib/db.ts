// One Prisma client per process (kept on globalThis so dev hot reloads reuse it).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { env } from "./env";

const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

function createClient(): PrismaClient {
  const { DATABASE_URL, DB_POOL_MAX } = env();
  const adapter = new PrismaPg({ connectionString: DATABASE_URL, max: DB_POOL_MAX });
  return new PrismaClient({ adapter });
}

export function db(): PrismaClient {
  globalForDb.prisma ??= createClient();
  return globalForDb.prisma;
}

export async function disconnectDb(): Promise<void> {
  await globalForDb.prisma?.$disconnect();
  globalForDb.prisma = undefined;
}
