// One keyed request as its owner sees it in the Studio's request log. What a line may hold is
// decided here, once: never a key, whatever the caller put in the URL.
import { containsKeyLikeText } from "../keys/format";

export type RequestLine = {
  at: Date;
  requestId: string;
  /** The HMAC of the key the request came with: the writer finds the key's id by it. */
  keyHash: string;
  method: string;
  /** The route template (/v1/jobs/{id}), for the Studio's endpoint filter. */
  route: string;
  path: string;
  /** Without the leading "?"; null when there was none or it may hold a key. */
  query: string | null;
  status: number;
  errorCode: string | null;
  ms: number;
};

/** Longer paths and queries are cut: a line stays small whatever a caller sends. */
export const MAX_PATH = 512;
export const MAX_QUERY = 1024;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The query worth keeping: none when the request's URL held a key (`omit`: the wrapper saw one,
 * whatever the request was then refused as), nor when any parameter's name or value holds
 * key-like text once decoded. URLSearchParams decodes each one and never throws, so a
 * malformed escape elsewhere in the query cannot hide an encoded key.
 */
export function loggableQuery(search: string, omit: boolean): string | null {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (!query || omit) return null;
  if (containsKeyLikeText(query)) return null;
  // Without an escape, decoding cannot make key-like text appear ("+" only becomes a space).
  if (!query.includes("%")) return cut(query, MAX_QUERY);
  for (const [name, value] of new URLSearchParams(query))
    if (containsKeyLikeText(name) || containsKeyLikeText(value)) return null;
  return cut(query, MAX_QUERY);
}

/** What is stored of a path (already free of keys: the scaffolding replaces such a path). */
export const loggedPath = (path: string) => cut(path, MAX_PATH);

/**
 * The endpoints a line can name: the keyed routes' templates as the metrics label them (an
 * unknown /v1 path is one label), for the Studio's endpoint filter.
 */
export const LOGGED_ROUTES = [
  "/v1/jobs",
  "/v1/jobs/facets",
  "/v1/jobs/pay",
  "/v1/jobs/{id}",
  "/v1/salary",
  "/v1/salary/history",
  "/v1/{unknown}",
  "/api/keys/usage",
  "/api/keys/me",
] as const;

/** The status classes the Studio filters by. */
export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export const statusRange = (c: StatusClass): [number, number] => {
  const first = Number(c[0]) * 100;
  return [first, first + 99];
};
