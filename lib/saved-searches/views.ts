// Rows as the Studio shows them.
import type { DeliveryView, SavedSearchView } from "./schemas";

type SearchRow = {
  id: string;
  name: string;
  query: string;
  emailDigest: boolean;
  webhookUrl: string | null;
  webhookFailingSince: Date | null;
  webhookDisabledAt: Date | null;
  createdAt: Date;
};

export function toView(r: SearchRow): SavedSearchView {
  return {
    id: r.id,
    name: r.name,
    query: r.query,
    email_digest: r.emailDigest,
    webhook_url: r.webhookUrl,
    webhook_status: !r.webhookUrl
      ? null
      : r.webhookDisabledAt
        ? "disabled"
        : r.webhookFailingSince
          ? "failing"
          : "active",
    created_at: r.createdAt.toISOString(),
  };
}

type DeliveryRow = {
  id: string;
  savedSearchId: string;
  channel: string;
  status: string;
  jobs: number;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  doneAt: Date | null;
};

export function toDeliveryView(r: DeliveryRow): DeliveryView {
  return {
    id: r.id,
    saved_search_id: r.savedSearchId,
    channel: r.channel as DeliveryView["channel"],
    status: r.status as DeliveryView["status"],
    jobs: r.jobs,
    attempts: r.attempts,
    last_status: r.lastStatus,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    done_at: r.doneAt?.toISOString() ?? null,
  };
}
