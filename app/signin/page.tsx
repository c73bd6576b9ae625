// /signin — sign in to reach the Studio.
import { githubEnabled } from "@/lib/auth/options";
import { SignInForm } from "./sign-in-form";

export const dynamic = "force-dynamic";

const ERRORS: Record<string, string> = {
  Verification: "That sign-in link has expired or was already used. Ask for a new one below.",
  RateLimited: "Too many sign-in e-mails were requested. Wait a few minutes and try again.",
  EmailSignin:
    "We could not send the sign-in e-mail (or this address asked for several already). Try again in a few minutes.",
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const { callbackUrl, error } = await searchParams;
  // Only paths on this site: an open redirect would make sign-in links phishing tools.
  const target = callbackUrl?.startsWith("/") && !callbackUrl.startsWith("//") ? callbackUrl : "/studio";
  return (
    <>
      <h1>Sign in</h1>
      <p>
        Sign in to register an API key, watch your usage and revoke keys. We e-mail you a link; no password
        needed.
      </p>
      {error && (
        <p className="notice error" role="alert">
          {ERRORS[error] ?? "Sign-in failed. Try again."}
        </p>
      )}
      <SignInForm callbackUrl={target} github={githubEnabled()} />
    </>
  );
}
