"use client";
// Register a key (it arrives by e-mail), or revoke one after a confirmation step.
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";

async function post(path: string): Promise<{ ok: boolean; message?: string }> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (res.ok) return { ok: true };
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return { ok: false, message: body?.error?.message ?? "Something went wrong; try again." };
}

export function RegisterButton({ email }: { email: string }) {
  const router = useRouter();
  const [state, setState] = useState<{ busy: boolean; done?: boolean; error?: string }>({ busy: false });
  async function register() {
    setState({ busy: true });
    const r = await post("/api/keys/register");
    setState({ busy: false, done: r.ok, error: r.message });
    if (r.ok) router.refresh();
  }
  return (
    <div>
      <button type="button" onClick={register} disabled={state.busy}>
        {state.busy ? "Registering…" : "Register a new key"}
      </button>
      {state.done && (
        <p className="notice ok" role="status">
          We e-mailed your key to {email}. Open the link in that e-mail to activate it.
        </p>
      )}
      {state.error && (
        <p className="notice error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}

export function RevokeButton({ hint }: { hint: string }) {
  const router = useRouter();
  const [step, setStep] = useState<"idle" | "confirm" | "busy">("idle");
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setStep("idle");
    setTimeout(() => opener.current?.focus(), 0); // back where the user was
  };
  async function revoke() {
    setStep("busy");
    const r = await post("/api/keys/revoke");
    if (r.ok) {
      setDone(true);
      router.refresh();
    } else {
      setError(r.message);
      close();
    }
  }
  if (done)
    return (
      <p className="notice ok" role="status">
        Key {hint} revoked.
      </p>
    );
  if (step === "idle") {
    return (
      <div>
        <button ref={opener} type="button" className="danger" onClick={() => setStep("confirm")}>
          Revoke key
        </button>
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <div
      className="notice"
      role="alertdialog"
      aria-labelledby="revoke-q"
      onKeyDown={(e) => e.key === "Escape" && close()}
    >
      <p id="revoke-q">
        Revoke <code>{hint}</code>? Every request with it fails from the next one on. This cannot be undone.
      </p>
      <div className="row">
        {/* Focus starts on the safe choice. */}
        {/* biome-ignore lint/a11y/noAutofocus: a confirmation dialog moves focus into itself (WAI-ARIA dialog pattern) */}
        <button type="button" className="secondary" onClick={close} autoFocus>
          Cancel
        </button>
        <button type="button" className="danger" onClick={revoke} disabled={step === "busy"}>
          Yes, revoke it
        </button>
      </div>
    </div>
  );
}

export function SignOutButton() {
  return (
    <button
      type="button"
      className="secondary"
      onClick={() => import("next-auth/react").then(({ signOut }) => signOut({ callbackUrl: "/" }))}
    >
      Sign out
    </button>
  );
}
