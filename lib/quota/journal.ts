// The usage journal's names, shared by the process that writes it (usage-buffer.ts, through the
// quota scripts in redis-engine.ts) and the sweeper that writes what a dead process left
// (usage-sweeper.ts).
//
// A journal is a Redis hash `<slot tag>:j:<instance>:<epoch>` with fields `<keyId>|<day>`: the
// requests one process admitted (+1) and refunded (-1) for one API key during one epoch of its
// usage buffer. It carries the key's hash tag, so the quota script that admits a request writes
// it in the same slot as the counters (Redis Cluster). `<epoch>` is the time the epoch began
// (ms), which is how the sweeper tells an epoch its owner may still be writing to from one it
// has left behind; `<instance>:<epoch>` is also the id of the usage batch that carries the
// epoch to key_usage, whoever writes it, so the epoch is counted once.

/** A journal outlives its process by this much at most (set when a field is created). */
export const JOURNAL_TTL_S = 2 * 86_400;

/**
 * usage_batches rows are kept longer than any journal lives, so a journal found late still
 * finds its batch's id and is not counted again.
 */
export const BATCH_RETENTION = "3 days";

/** `<instance>:<epoch>`: the usage batch of one epoch of one process. */
export const batchId = (instance: string, epoch: number) => `${instance}:${epoch}`;

/** What follows a key's slot tag in its journal's name. */
export const journalSuffix = (instance: string, epoch: number) => `:j:${instance}:${epoch}`;

/** SCAN MATCH pattern for every journal under a prefix (the prefix has no glob characters). */
export const journalPattern = (prefix: string) => `${prefix}{*}:j:*`;

const NAME = /\}:j:([0-9a-f]+):(\d+)$/;

/** The instance and epoch of a journal's key, or null for a key that is not one. */
export function parseJournalKey(key: string): { instance: string; epoch: number } | null {
  const m = NAME.exec(key);
  return m?.[1] && m[2] ? { instance: m[1], epoch: Number(m[2]) } : null;
}

/** A journal field, `<keyId>|<day>`, as written by the quota scripts. */
export function parseJournalField(field: string): { keyId: string; day: string } | null {
  const bar = field.lastIndexOf("|");
  if (bar <= 0) return null;
  const day = field.slice(bar + 1);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? { keyId: field.slice(0, bar), day } : null;
}
