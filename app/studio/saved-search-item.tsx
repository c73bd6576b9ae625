"use client";
// One saved search: what it matches, where it delivers, and its actions. A test event's outcome
// and a rotated secret are shown here, beside the search they belong to; deleting asks first.
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { DISABLE_AFTER_MS } from "@/lib/saved-searches/limits";
import type { DeliveryView, SavedSearchView } from "@/lib/saved-searches/schemas";
import { LocalTime } from "./local-time";
import { postJson } from "./post-json";
import { SecretNotice } from "./secret-notice";

type Message = { kind: "ok" | "error"; text: string };
/** A secret to show once, just made for this search: when it was saved, or by a rotation. */
export type Revealed = { id: string; secret: string; rotated: boolean };

const WEBHOOK_STATUS = { active: "webhook active", failing: "webhook failing", disabled: "webhook off" };
const DISABLE_DAYS = Math.round(DISABLE_AFTER_MS / 86_400_000);

function testOutcome(d: DeliveryView): Message {
  const http = d.last_status === null ? null : `HTTP ${d.last_status}`;
  if (d.status === "delivered")
    return { kind: "ok", text: `Test event delivered: your endpoint answered ${http ?? "in time"}.` };
  const why = [http, d.last_error].filter(Boolean).join(", ");
  return { kind: "error", text: `Test event not delivered${why ? `: ${why}` : ""}.` };
}

export function SavedSearchItem({
  search,
  email,
  revealed,
  onRevealed,
  onDeleted,
}: {
  search: SavedSearchView;
  email: string;
  revealed: Revealed | null;
  /** The list keeps the one secret on show, so a new one replaces any other on the page. */
  onRevealed: (r: Revealed) => void;
  /** Called once the search is gone: its own notice would go with it, so the list says it. */
  onDeleted: (name: string) => void;
}) {
  const router = useRouter();
  const [notice, setNotice] = useState<Message | null>(null);
  const [busy, setBusy] = useState<"test" | "rotate" | "delete" | "enable" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refreshing, startTransition] = useTransition();
  const opener = useRef<HTMLButtonElement>(null);
  const { id, name } = search;
  const qid = `ss-${id}`;

  async function sendTest() {
    setBusy("test");
    setNotice(null);
    const r = await postJson<{ delivery: DeliveryView }>("/api/saved-searches/test-event", { id });
    // The outcome and the log's new row appear together.
    startTransition(() => {
      setBusy(null);
      setNotice(r.ok ? testOutcome(r.value.delivery) : { kind: "error", text: r.message });
      if (r.ok) router.refresh();
    });
  }
  async function rotate() {
    setBusy("rotate");
    setNotice(null);
    const r = await postJson<{ webhook_secret: string }>("/api/saved-searches/rotate-secret", { id });
    setBusy(null);
    if (r.ok) onRevealed({ id, secret: r.value.webhook_secret, rotated: true });
    else setNotice({ kind: "error", text: r.message });
  }
  async function enable() {
    setBusy("enable");
    setNotice(null);
    const r = await postJson<{ enabled: string }>("/api/saved-searches/enable-webhook", { id });
    startTransition(() => {
      setBusy(null);
      setNotice(
        r.ok
          ? { kind: "ok", text: "Webhook on again: the next import's jobs go to it." }
          : { kind: "error", text: r.message },
      );
      if (r.ok) router.refresh();
    });
  }
  const close = () => {
    setConfirming(false);
    setTimeout(() => opener.current?.focus(), 0); // back where the user was
  };
  async function remove() {
    setBusy("delete");
    const r = await postJson<{ deleted: string }>("/api/saved-searches/delete", { id });
    // Still busy on success: the dialog stays as it is until the refreshed list drops the search.
    if (r.ok) return onDeleted(name);
    setBusy(null);
    setNotice({ kind: "error", text: r.message });
    close();
  }
  const working = busy !== null || refreshing;

  return (
    <li className="saved-item">
      <div className="saved-item-head">
        <h3 id={`${qid}-h`}>{name}</h3>
        {search.webhook_status && (
          <span className={`status ${search.webhook_status}`}>{WEBHOOK_STATUS[search.webhook_status]}</span>
        )}
      </div>
      <dl className="facts saved-facts">
        <dt>Matches</dt>
        <dd>{search.query ? <code>{search.query}</code> : "every new job"}</dd>
        <dt>Webhook</dt>
        <dd>{search.webhook_url ? <code>{search.webhook_url}</code> : "none"}</dd>
        <dt>E-mail digest</dt>
        <dd>{search.email_digest ? `to ${email}` : "off"}</dd>
        <dt>Saved</dt>
        <dd>
          <LocalTime iso={search.created_at} />
        </dd>
      </dl>
      {search.webhook_status === "failing" && (
        <p className="hint">
          Recent deliveries to this webhook failed. We retry them; after {DISABLE_DAYS} days of failures we
          stop and e-mail you. Send a test event to see what your endpoint answers.
        </p>
      )}
      {search.webhook_status === "disabled" && (
        <p className="notice warn">
          We stopped delivering to this webhook after {DISABLE_DAYS} days of failures. Send a test event to
          see what your endpoint answers, and turn it back on once it takes them.
        </p>
      )}
      {/* One secret is on show at a time (the list keeps it), so its box's name is unique. */}
      {revealed?.rotated ? (
        // Keyed by the secret: each rotation is a new notice, which takes focus again.
        <SecretNotice key={revealed.secret} label="New webhook secret" secret={revealed.secret}>
          A new signing secret for «{name}»: copy it now. The old secret keeps signing deliveries, beside the
          new one, for 24 hours: switch your receiver over within that time.
        </SecretNotice>
      ) : (
        revealed && (
          <SecretNotice key={revealed.secret} label="Webhook secret" secret={revealed.secret}>
            Saved «{name}». Copy its webhook signing secret now: it will not be shown again.
          </SecretNotice>
        )
      )}
      {notice && (
        <p className={`notice ${notice.kind}`} role={notice.kind === "ok" ? "status" : "alert"}>
          {notice.text}
        </p>
      )}
      {confirming ? (
        <div
          className="notice warn"
          role="alertdialog"
          aria-labelledby={`${qid}-q`}
          onKeyDown={(e) => e.key === "Escape" && close()}
        >
          <p id={`${qid}-q`}>
            Delete «{name}»? Its webhook and e-mail deliveries stop at once. This cannot be undone.
          </p>
          <div className="actions">
            {/* Focus starts on the safe choice. */}
            {/* biome-ignore lint/a11y/noAutofocus: a confirmation dialog moves focus into itself (WAI-ARIA dialog pattern) */}
            <button type="button" className="secondary" onClick={close} autoFocus>
              Cancel
            </button>
            <button type="button" className="danger" onClick={remove} disabled={working}>
              {busy === "delete" ? "Deleting…" : "Yes, delete it"}
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          {/* Each button names its search, so a list of them reads apart to a screen reader. */}
          {search.webhook_url && (
            <>
              <button type="button" className="secondary small" onClick={sendTest} disabled={working}>
                {busy === "test" ? "Sending…" : "Send test event"}
                <span className="visually-hidden"> for {name}</span>
              </button>
              {search.webhook_status === "disabled" && (
                <button type="button" className="secondary small" onClick={enable} disabled={working}>
                  {busy === "enable" ? "Turning on…" : "Turn webhook back on"}
                  <span className="visually-hidden"> for {name}</span>
                </button>
              )}
              <button type="button" className="secondary small" onClick={rotate} disabled={working}>
                {busy === "rotate" ? "Rotating…" : "Rotate secret"}
                <span className="visually-hidden"> of {name}</span>
              </button>
            </>
          )}
          <button
            ref={opener}
            type="button"
            className="danger small"
            onClick={() => setConfirming(true)}
            disabled={working}
          >
            Delete<span className="visually-hidden"> {name}</span>
          </button>
        </div>
      )}
    </li>
  );
}
