"use client";
// The Studio's saved searches: what they do, how many the plan allows, each search with its
// actions, and the form to add one. The delivery log beside it is server-rendered.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { SavedSearchesPage } from "@/lib/saved-searches/read";
import { type Created, SavedSearchForm } from "./saved-search-form";
import { type Revealed, SavedSearchItem } from "./saved-search-item";

export function SavedSearches({
  searches,
  limit,
  deliveredThisMonth,
  email,
}: Omit<SavedSearchesPage, "deliveries"> & { email: string }) {
  const router = useRouter();
  const [deleted, setDeleted] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [, startTransition] = useTransition();
  const used = searches.length;

  const onCreated = ({ saved_search, webhook_secret }: Created) => {
    setDeleted(null);
    setRevealed(webhook_secret ? { id: saved_search.id, secret: webhook_secret, rotated: false } : null);
    router.refresh();
  };
  // The message and the shorter list appear together.
  const onDeleted = (name: string) =>
    startTransition(() => {
      setDeleted(name);
      setRevealed(null);
      router.refresh();
    });

  return (
    <>
      <p>
        After each catalog import, the new jobs that match a saved search are sent to its webhook, in an
        e-mail digest, or both.
      </p>
      <p className="small muted saved-counts">
        <span>
          {used} of {limit} saved search{limit === 1 ? "" : "es"} used on your plan
        </span>
        <span>Deliveries this month: {deliveredThisMonth}</span>
      </p>
      {deleted && (
        <p className="notice ok" role="status">
          Deleted «{deleted}»: nothing more is delivered for it.
        </p>
      )}
      {used === 0 ? (
        <p id="saved-empty">No saved searches yet: add one below.</p>
      ) : (
        <ul className="saved-list" aria-label="Your saved searches">
          {searches.map((s) => (
            <SavedSearchItem
              key={s.id}
              search={s}
              email={email}
              revealed={revealed?.id === s.id ? revealed : null}
              onRevealed={setRevealed}
              onDeleted={onDeleted}
            />
          ))}
        </ul>
      )}
      <h3 id="ss-add-h">Add a saved search</h3>
      <SavedSearchForm email={email} full={used >= limit} limit={limit} onCreated={onCreated} />
    </>
  );
}
