// next-auth v4: e-mail magic links always, GitHub when configured; database sessions in the
// same Postgres, through the Prisma adapter.
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import type { NextAuthOptions } from "next-auth";
import EmailProvider from "next-auth/providers/email";
import GitHubProvider from "next-auth/providers/github";
import { db } from "../core/db";
import { env } from "../core/env";
import { log } from "../core/log";
import { parseMailbox } from "../mail/mailbox";
import { sendSignIn } from "../mail/send";
import { spendSignInLimit } from "./limits";

export const MAGIC_LINK_MINUTES = 10;

let cached: NextAuthOptions | undefined;

class InvalidAddress extends Error {
  override name = "InvalidAddress";
}

/** The error next-auth reports: itself, or the `error` of its metadata. */
const errorIn = (metadata: unknown): unknown =>
  metadata instanceof Error ? metadata : (metadata as { error?: unknown } | undefined)?.error;

// next-auth prints every error with its stack over several lines; refusals we expect (a full
// address limit, a malformed address) are one JSON line, and anything else one line with the stack.
const nextAuthLogger: NextAuthOptions["logger"] = {
  error(code, metadata) {
    const err = errorIn(metadata);
    if (err instanceof Error && (err.name === "AddressLimited" || err.name === "InvalidAddress")) {
      log.info("sign-in e-mail refused", { code, reason: err.name });
      return;
    }
    log.error(`next-auth: ${code}`, {
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
  },
  warn: (code) => log.warn(`next-auth: ${code}`),
  debug: () => {},
};

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
        // The identity is one plain mailbox (lib/mail/mailbox.ts): it is what the user row,
        // the verification token and the e-mail's one recipient all name.
        normalizeIdentifier: (raw) => {
          const mailbox = typeof raw === "string" ? parseMailbox(raw) : null;
          if (!mailbox?.ok) throw new InvalidAddress("not one plain mailbox");
          return mailbox.value;
        },
        sendVerificationRequest: async ({ identifier, url }) => {
          const mailbox = parseMailbox(identifier);
          if (!mailbox.ok) throw new InvalidAddress("not one plain mailbox");
          await spendSignInLimit(mailbox.value);
          await sendSignIn(mailbox.value, url, MAGIC_LINK_MINUTES);
        },
      }),
      ...(e.GITHUB_ID && e.GITHUB_SECRET
        ? [GitHubProvider({ clientId: e.GITHUB_ID, clientSecret: e.GITHUB_SECRET })]
        : []),
    ],
    pages: { signIn: "/signin", verifyRequest: "/signin/check-email", error: "/signin" },
    logger: nextAuthLogger,
    // Pages and routes read the session themselves (lib/auth/session.ts); next-auth signs in and out.
  };
  return cached;
}
