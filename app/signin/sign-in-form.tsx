"use client";
import { useRouter } from "next/navigation";
// E-mail magic link (always) and GitHub (when configured).
import { signIn } from "next-auth/react";
import { useState } from "react";

export function SignInForm({ callbackUrl, github }: { callbackUrl: string; github: boolean }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const res = await signIn("email", { email, callbackUrl, redirect: false }).catch(() => null);
    setBusy(false);
    if (res?.ok && !res.error) router.push(`/signin/check-email?email=${encodeURIComponent(email)}`);
    else if (res?.status === 429)
      setError("Too many sign-in e-mails were requested. Wait a few minutes and try again.");
    else setError("We could not send the sign-in e-mail. Check the address and try again.");
  }

  return (
    <>
      <form onSubmit={submit} className="panel">
        <label>
          E-mail address
          <input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "signin-error" : undefined}
          />
        </label>
        <p>
          <button type="submit" disabled={busy}>
            {busy ? "Sending…" : "E-mail me a sign-in link"}
          </button>
        </p>
        {error && (
          <p id="signin-error" className="notice error" role="alert">
            {error}
          </p>
        )}
      </form>
      {github && (
        <p>
          <button type="button" className="secondary" onClick={() => signIn("github", { callbackUrl })}>
            Sign in with GitHub
          </button>
        </p>
      )}
    </>
  );
}
