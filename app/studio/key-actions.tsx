"use client";
// Register a key (it arrives by e-mail), or revoke one after a confirmation step. One component
// whatever the key's state, so its message (say, "revoked") stays on screen while the page
// around it refreshes to the new state.
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";

type Status = "none" | "inactive" | "active" | "revoked";
type Notice = { kind: "ok" | "error"; text: string };

async function post(path: string): Promise<{ ok: boolean; message?: string }> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  }).catch(() => null);
  if (!res) return { ok: false, message: "We could not reach the server. Try again in a moment." };
  if (res.ok) return { ok: true };
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return { ok: false, message: body?.error?.message ?? "Something went wrong; try again." };
}

export function KeyActions({ status, hint, email }: { status: Status; hint: string; email: string }) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [step, setStep] = useState<"idle" | "confirm" | "busy">("idle");
  const [refreshing, startTransition] = useTransition();
  const opener = useRef<HTMLButtonElement>(null);

  const close = () => {
    setStep("idle");
    setTimeout(() => opener.current?.focus(), 0); // back where the user was
  };
  /**
   * The message and the page's new state in one transition, so they appear together: never
   * "We e-mailed your key" beside the card that still says there is none.
   */
  const settle = (next: Notice, refresh: boolean) =>
    startTransition(() => {
      setStep("idle");
      setNotice(next);
      if (refresh) router.refresh();
    });
  async function register() {
    setStep("busy");
    setNotice(null);
    const r = await post("/api/keys/register");
    settle(
      r.ok
        ? {
            kind: "ok",
            text: `We e-mailed your key to ${email}. Open the link in that e-mail to activate it.`,
          }
        : { kind: "error", text: r.message ?? "" },
      r.ok,
    );
  }
  async function revoke() {
    setStep("busy");
    const r = await post("/api/keys/revoke");
    if (r.ok) {
      settle(
        {
          kind: "ok",
          text: `Key ${hint} revoked. Requests with it now fail with 401 invalid_key. Register a new key when you need one.`,
        },
        true,
      );
    } else {
      setNotice({ kind: "error", text: r.message ?? "" });
      close();
    }
  }
  const busy = step === "busy" || refreshing;

  const message = notice && (
    <p className={`notice ${notice.kind}`} role={notice.kind === "ok" ? "status" : "alert"}>
      {notice.text}
    </p>
  );

  if (status === "active" && (step !== "idle" || refreshing)) {
    return (
      <div
        className="notice warn"
        role="alertdialog"
        aria-labelledby="revoke-q"
        onKeyDown={(e) => e.key === "Escape" && close()}
      >
        <p id="revoke-q">
          Revoke <code className="key-hint">{hint}</code>? Every request with it fails from the next one on.
          This cannot be undone.
        </p>
        <div className="actions">
          {/* Focus starts on the safe choice. */}
          {/* biome-ignore lint/a11y/noAutofocus: a confirmation dialog moves focus into itself (WAI-ARIA dialog pattern) */}
          <button type="button" className="secondary" onClick={close} autoFocus>
            Cancel
          </button>
          <button type="button" className="danger" onClick={revoke} disabled={busy}>
            {busy ? "Revoking…" : "Yes, revoke it"}
          </button>
        </div>
      </div>
    );
  }
  if (status === "active") {
    return (
      <div>
        {message}
        <button ref={opener} type="button" className="danger" onClick={() => setStep("confirm")}>
          Revoke key
        </button>
      </div>
    );
  }
  return (
    <div>
      {message}
      {/* With a key waiting for its e-mail link, registering again is the lesser choice. */}
      <button
        type="button"
        className={status === "inactive" ? "secondary" : undefined}
        onClick={register}
        disabled={busy}
      >
        {busy ? "Registering…" : "Register a new key"}
      </button>
      {status === "inactive" && (
        <p className="hint" style={{ marginTop: "var(--s-2)" }}>
          Registering again replaces the unconfirmed key and sends a new e-mail.
        </p>
      )}
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
