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

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * The query worth keeping: none for a request refused because its URL held a key, nor for
 * any query with key-like text in it, encoded or not.
 */
export function loggableQuery(search: string, errorCode: string | null): string | null {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (!query || errorCode === "key_in_query") return null;
  if (containsKeyLikeText(query) || containsKeyLikeText(decoded(query))) return null;
  return cut(query, MAX_QUERY);
}

/** What is stored of a path (already free of keys: the scaffolding replaces such a path). */
export const loggedPath = (path: string) => cut(path, MAX_PATH);

/** The status classes the Studio filters by. */
export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export const statusRange = (c: StatusClass): [number, number] => {
  const first = Number(c[0]) * 100;
  return [first, first + 99];
};
