"use client";
// The usage-alerts switch: a checkbox that saves as it changes, says what it saved, and goes
// back to where it was when saving fails.
import { useState } from "react";

export function AlertsSwitch({ enabled, email }: { enabled: boolean; email: string }) {
  const [on, setOn] = useState(enabled);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: "ok" | "error"; text: string } | null>(null);

  async function change(next: boolean) {
    setBusy(true);
    setOn(next);
    setNotice(null);
    const res = await fetch("/api/keys/alerts", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ enabled: next }),
    }).catch(() => null);
    setBusy(false);
    if (res?.ok) {
      setNotice({ kind: "ok", text: next ? `Alerts on: we e-mail ${email}.` : "Alerts off." });
      return;
    }
    setOn(!next);
    const body = (await res?.json().catch(() => null)) as { error?: { message?: string } } | null;
    setNotice({ kind: "error", text: body?.error?.message ?? "We could not save that; try again." });
  }

  return (
    <div>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          disabled={busy}
          onChange={(e) => change(e.currentTarget.checked)}
          aria-describedby="alerts-what"
        />
        <span>E-mail me usage alerts</span>
      </label>
      <p id="alerts-what" className="small muted">
        At 80 % and at 100 % of the daily and of the monthly quota, once each per window, with when it resets.
      </p>
      {notice && (
        <p className={`notice ${notice.kind}`} role={notice.kind === "ok" ? "status" : "alert"}>
          {notice.text}
        </p>
      )}
    </div>
  );
}
