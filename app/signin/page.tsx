// /signin — sign in to reach the Studio.
import type { Metadata } from "next";
import { githubEnabled } from "@/lib/auth/options";
import { AccountLayout } from "../components/account-layout";
import { titled } from "../components/page-title";
import { SignInForm } from "./sign-in-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: titled("Sign in") };

const ERRORS = new Map<string, string>([
  ["Verification", "That sign-in link has expired or was already used. Ask for a new one below."],
  ["RateLimited", "Too many sign-in e-mails were requested. Wait a few minutes and try again."],
  ["EmailSignin", "We could not send the sign-in e-mail. Try again in a few minutes."],
]);

/** A parameter given once; given twice (an array) it is as if not given. */
const once = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = once(params.callbackUrl);
  const error = once(params.error);
  // Only paths on this site: an open redirect would make sign-in links phishing tools.
  const target = callbackUrl?.startsWith("/") && !callbackUrl.startsWith("//") ? callbackUrl : "/studio";
  return (
    <>
      <h1>Sign in</h1>
      <p className="lede">
        Sign in to register an API key, watch your usage and revoke keys. We e-mail you a link; no password
        needed.
      </p>
      <AccountLayout step={0}>
        {error && (
          <p className="notice error" role="alert">
            {ERRORS.get(error) ?? "Sign-in failed. Try again."}
          </p>
        )}
        <SignInForm callbackUrl={target} github={githubEnabled()} />
      </AccountLayout>
    </>
  );
}
