"use client";
// Reads the token from the link's fragment (never sent to any server by the browser), says what
// will happen, and activates only on the button's POST: mail scanners that open links do nothing.
import { useEffect, useState } from "react";

type Check =
  | { state: "ready"; hint: string; expires_at: string }
  | { state: "expired"; hint: string }
  | { state: "active"; hint: string }
  | { state: "unknown" };
type View =
  | { kind: "loading" }
  | { kind: "check"; check: Check }
  | { kind: "done"; hint: string }
  | { kind: "error"; message: string };

const post = (path: string, token: string) =>
  fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });

function RegisterAgain() {
  return (
    <p>
      Sign in to the <a href="/studio">Studio</a> and register a new key; we e-mail it to you with a fresh
      link.
    </p>
  );
}

export function ConfirmKey() {
  const [token, setToken] = useState<string | null>(null);
  const [view, setView] = useState<View>({ kind: "loading" });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const t = new URLSearchParams(window.location.hash.slice(1)).get("token");
    setToken(t);
    if (!t) return setView({ kind: "check", check: { state: "unknown" } });
    post("/api/keys/confirm/check", t)
      .then(async (r) =>
        r.ok
          ? setView({ kind: "check", check: (await r.json()) as Check })
          : setView({ kind: "check", check: { state: "unknown" } }),
      )
      .catch(() =>
        setView({ kind: "error", message: "We could not reach the server. Try again in a moment." }),
      );
  }, []);

  async function activate() {
    if (!token || busy || view.kind !== "check" || view.check.state !== "ready") return;
    const hint = view.check.hint;
    setBusy(true);
    const res = await post("/api/keys/confirm", token).catch(() => null);
    setBusy(false);
    if (!res)
      return setView({ kind: "error", message: "We could not reach the server. Try again in a moment." });
    if (res.ok) setView({ kind: "done", hint });
    else
      setView({
        kind: "error",
        message: ((await res.json()) as { error: { message: string } }).error.message,
      });
  }

  if (view.kind === "loading") return <p aria-live="polite">Checking your link…</p>;
  if (view.kind === "done") {
    return (
      <div className="notice ok" role="status">
        <p>
          Your key <code className="key-hint">{view.hint}</code> is active. Send it in the{" "}
          <code>X-API-Key</code> header. Your usage is in the <a href="/studio">Studio</a>.
        </p>
      </div>
    );
  }
  if (view.kind === "error") {
    return (
      <div className="notice error" role="alert">
        <p>{view.message}</p>
        <RegisterAgain />
      </div>
    );
  }
  const { check } = view;
  if (check.state === "ready") {
    return (
      <div className="card">
        <p>
          Activating makes the key <code className="key-hint">{check.hint}</code> (the one in the e-mail) work
          for API requests. This link works once, until {new Date(check.expires_at).toLocaleString()}.
        </p>
        <button type="button" onClick={activate} disabled={busy}>
          {busy ? "Activating…" : "Activate key"}
        </button>
      </div>
    );
  }
  // Opened again after it did its work: nothing to do, and nothing to register.
  if (check.state === "active") {
    return (
      <div className="notice ok" role="status">
        <p>
          This link already activated your key <code className="key-hint">{check.hint}</code>, and the key is
          active. There is nothing more to do: send it in the <code>X-API-Key</code> header. Your usage is in
          the <a href="/studio">Studio</a>.
        </p>
      </div>
    );
  }
  return (
    <div className="notice error" role="alert">
      <p>
        {check.state === "expired"
          ? `This confirmation link for ${check.hint} has expired.`
          : "This confirmation link was already used or is not valid."}
      </p>
      <RegisterAgain />
    </div>
  );
}
