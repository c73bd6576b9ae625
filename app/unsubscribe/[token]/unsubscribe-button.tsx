"use client";
// Asks, then unsubscribes with a POST; says when it is done, or why not.
import { useState } from "react";
import { postJson } from "../../studio/post-json";

type View = { kind: "ask" } | { kind: "done" } | { kind: "error"; message: string };

export function UnsubscribeButton({ token, name }: { token: string; name: string }) {
  const [view, setView] = useState<View>({ kind: "ask" });
  const [busy, setBusy] = useState(false);

  async function unsubscribe() {
    setBusy(true);
    const r = await postJson<{ unsubscribed: true }>("/api/saved-searches/unsubscribe", { token });
    setBusy(false);
    setView(r.ok ? { kind: "done" } : { kind: "error", message: r.message });
  }

  if (view.kind === "done")
    return (
      <div className="notice ok" role="status">
        <p>Done: we no longer e-mail new jobs for «{name}».</p>
        <p>
          Its webhook, if it has one, still delivers. Your saved searches are in the{" "}
          <a href="/studio#saved-h">Studio</a>.
        </p>
      </div>
    );
  return (
    <section className="card" aria-labelledby="unsubscribe-q">
      <p id="unsubscribe-q" className="unsubscribe-q">
        Stop e-mailing new jobs for «{name}»?
      </p>
      <p className="muted">
        Only this saved search&apos;s digest stops. Its webhook, your other saved searches and your API key
        stay as they are.
      </p>
      {view.kind === "error" && (
        <p className="notice error" role="alert">
          {view.message}
        </p>
      )}
      <button type="button" onClick={unsubscribe} disabled={busy}>
        {busy ? "Unsubscribing…" : "Unsubscribe"}
      </button>
    </section>
  );
}
