// next-auth v4: e-mail magic links always, GitHub when configured; database sessions in the
// same Postgres, through the Prisma adapter.
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import type { NextAuthOptions } from "next-auth";
import EmailProvider from "next-auth/providers/email";
import GitHubProvider from "next-auth/providers/github";
import { db } from "../db";
import { env } from "../env";
import { sendSignIn } from "../mail/send";
import { spendAddressBudget } from "./limits";

export const MAGIC_LINK_MINUTES = 10;

let cached: NextAuthOptions | undefined;

export function githubEnabled(): boolean {
  const e = env();
  return Boolean(e.GITHUB_ID && e.GITHUB_SECRET);
}

export function authOptions(): NextAuthOptions {
  if (cached) return cached;
  const e = env();
  cached = {
    // The adapter is typed against @prisma/client's default output; ours is generated elsewhere.
    adapter: PrismaAdapter(db() as unknown as Parameters<typeof PrismaAdapter>[0]),
    secret: e.NEXTAUTH_SECRET,
    session: { strategy: "database", maxAge: 30 * 24 * 3600 },
    providers: [
      EmailProvider({
        server: e.SMTP_URL,
        from: e.MAIL_FROM,
        maxAge: MAGIC_LINK_MINUTES * 60,
        sendVerificationRequest: async ({ identifier, url }) => {
          await spendAddressBudget(identifier);
          await sendSignIn(identifier, url, MAGIC_LINK_MINUTES);
        },
      }),
      ...(e.GITHUB_ID && e.GITHUB_SECRET
        ? [GitHubProvider({ clientId: e.GITHUB_ID, clientSecret: e.GITHUB_SECRET })]
        : []),
    ],
    pages: { signIn: "/signin", verifyRequest: "/signin/check-email", error: "/signin" },
    // Pages and routes read the session themselves (lib/auth/session.ts); next-auth signs in and out.
  };
  return cached;
}
