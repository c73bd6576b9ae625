"use client";
// Adding a saved search. The server checks everything (the query as /v1/jobs would, the webhook
// URL as a delivery would), so a refusal names its field, which is marked and focused.
import { type FormEvent, useRef, useState, useTransition } from "react";
import type { SavedSearchView } from "@/lib/saved-searches/schemas";
import { postJson } from "./post-json";

type Notice = { kind: "ok" | "error"; text: string };
export type Created = { saved_search: SavedSearchView; webhook_secret: string | null };

const FIELDS = { name: "ss-name", query: "ss-query", webhook_url: "ss-webhook", email_digest: "ss-digest" };
type Field = keyof typeof FIELDS;
const isField = (p: string | undefined): p is Field => p !== undefined && p in FIELDS;

export function SavedSearchForm({
  email,
  full,
  limit,
  onCreated,
}: {
  email: string;
  full: boolean;
  limit: number;
  /** The list shows the new search, and its secret beside it; runs inside the form's transition. */
  onCreated: (created: Created) => void;
}) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [busy, setBusy] = useState(false);
  const [refreshing, startTransition] = useTransition();
  const form = useRef<HTMLFormElement>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: Field) => String(data.get(name) ?? "").trim();
    const input = {
      name: text("name"),
      query: text("query"),
      email_digest: data.get("email_digest") === "on",
      webhook_url: text("webhook_url") || null,
    };
    setBusy(true);
    setNotice(null);
    setInvalid(null);
    const r = await postJson<Created>("/api/saved-searches", input);
    setBusy(false);
    if (!r.ok) {
      const field = isField(r.param) ? r.param : null;
      setInvalid(field);
      setNotice({ kind: "error", text: r.message });
      // After the re-render that enables the fieldset again: a disabled input takes no focus.
      if (field) setTimeout(() => document.getElementById(FIELDS[field])?.focus(), 0);
      return;
    }
    form.current?.reset();
    const { saved_search: saved, webhook_secret: secret } = r.value;
    // The message and the list's new entry appear together. With a webhook, the entry itself says
    // it was saved, beside the secret, and takes focus.
    startTransition(() => {
      setNotice(
        secret
          ? null
          : { kind: "ok", text: `Saved «${saved.name}». New matching jobs are e-mailed to ${email}.` },
      );
      onCreated(r.value);
    });
  }
  const described = (field: Field, hint?: string) =>
    [hint, invalid === field ? "ss-error" : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="saved-form">
      {notice && (
        <p
          id={notice.kind === "error" ? "ss-error" : undefined}
          className={`notice ${notice.kind}`}
          role={notice.kind === "ok" ? "status" : "alert"}
        >
          {notice.text}
        </p>
      )}
      {full && (
        <p className="notice warn" id="ss-full">
          Your plan keeps {limit} saved search{limit === 1 ? "" : "es"}, all in use: delete one, or{" "}
          <a href="#plan-h">choose a larger plan</a> to add more.
        </p>
      )}
      {/* POST, so that a form sent before the scripts run never puts a webhook URL in an address. */}
      <form
        ref={form}
        method="post"
        onSubmit={submit}
        aria-labelledby="ss-add-h"
        aria-describedby={full ? "ss-full" : undefined}
      >
        <fieldset disabled={full || busy || refreshing}>
          <div className="saved-fields">
            <div className="field">
              <label htmlFor={FIELDS.name}>Name</label>
              <input
                id={FIELDS.name}
                name="name"
                required
                maxLength={80}
                placeholder="Python jobs in Germany"
                autoComplete="off"
                aria-invalid={invalid === "name" || undefined}
                aria-describedby={described("name")}
              />
            </div>
            <div className="field">
              <label htmlFor={FIELDS.query}>Search</label>
              <input
                id={FIELDS.query}
                name="query"
                required
                maxLength={2000}
                placeholder="q=python&country=DE"
                spellCheck={false}
                autoComplete="off"
                aria-invalid={invalid === "query" || undefined}
                aria-describedby={described("query", "ss-query-hint")}
              />
              <p id="ss-query-hint" className="hint">
                A <code>/v1/jobs</code> query string, or a whole request URL: its filters, without page or
                sort.
              </p>
            </div>
            <div className="field saved-wide">
              <label htmlFor={FIELDS.webhook_url}>Webhook URL (optional)</label>
              <input
                id={FIELDS.webhook_url}
                name="webhook_url"
                type="url"
                inputMode="url"
                maxLength={2048}
                placeholder="https://example.com/hooks/jobs"
                spellCheck={false}
                autoComplete="off"
                aria-invalid={invalid === "webhook_url" || undefined}
                aria-describedby={described("webhook_url", "ss-webhook-hint")}
              />
              <p id="ss-webhook-hint" className="hint">
                We POST the new jobs there as JSON, signed with a secret we show you once.
              </p>
            </div>
          </div>
          <label>
            <input
              id={FIELDS.email_digest}
              type="checkbox"
              name="email_digest"
              defaultChecked
              aria-invalid={invalid === "email_digest" || undefined}
              aria-describedby={described("email_digest")}
            />
            E-mail a digest of new jobs to {email}
          </label>
          <div className="actions">
            <button type="submit">{busy ? "Saving…" : "Save search"}</button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
