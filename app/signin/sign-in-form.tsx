"use client";
// E-mail magic link (always) and GitHub (when configured). The e-mail request is posted here,
// as next-auth's own client does, rather than through signIn(): signIn() keeps only an error
// code, and a refusal's message (how long to wait) must reach the page.
import { useRouter } from "next/navigation";
import { getCsrfToken, signIn } from "next-auth/react";
import { useState } from "react";

const NOT_SENT = "We could not send the sign-in e-mail. Try again in a few minutes.";

async function requestLink(email: string, callbackUrl: string): Promise<string | null> {
  const csrfToken = (await getCsrfToken()) ?? "";
  const res = await fetch("/api/auth/signin/email", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, csrfToken, callbackUrl, json: "true" }),
  });
  const body = (await res.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null;
  if (body?.error?.message) return body.error.message;
  const error = body?.url ? new URL(body.url, window.location.href).searchParams.get("error") : "unknown";
  return res.ok && !error ? null : NOT_SENT;
}

export function SignInForm({ callbackUrl, github }: { callbackUrl: string; github: boolean }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const refused = await requestLink(email, callbackUrl).catch(() => NOT_SENT);
    setBusy(false);
    if (refused) setError(refused);
    else router.push(`/signin/check-email?email=${encodeURIComponent(email)}`);
  }

  return (
    <>
      {/* POST, so that a form sent before the scripts run never puts an address in a URL. */}
      <form method="post" onSubmit={submit} className="card">
        <div className="field">
          <label htmlFor="signin-email">E-mail address</label>
          <input
            id="signin-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "signin-error" : undefined}
          />
        </div>
        {error && (
          <p id="signin-error" className="notice error" role="alert" style={{ marginTop: "var(--s-4)" }}>
            {error}
          </p>
        )}
        <div className="actions" style={{ marginTop: "var(--s-4)" }}>
          <button type="submit" disabled={busy}>
            {busy ? "Sending…" : "E-mail me a sign-in link"}
          </button>
        </div>
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
