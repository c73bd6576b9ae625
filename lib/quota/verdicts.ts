// What the Redis engine answers for one request (redis-engine.ts), and its error when Redis
// could not say in time what it decided.

export type Verdict =
  | { kind: "none" | "inactive" | "revoked" }
  /** The allowance is spent and the day full, but a grant may still be on its way: ask again. */
  | { kind: "wait" }
  /**
   * Every send of this call was answered, the last one past the request's deadline by our own
   * clock, so Redis admitted nothing: the request ran out of time (waiting for a grant, taking
   * leases), and Redis did not fail.
   */
  | { kind: "out-of-time" }
  /** `known`: the key existed when its record was last written (within a month). */
  | { kind: "miss"; known: boolean }
  | {
      kind: "ok" | "deny" | "lease";
      keyId: string;
      daily: number;
      monthly: number;
      dayUsed: number;
      monthUsed: number;
      /** deny: the window that ran out. */
      window?: "daily" | "monthly";
      /**
       * ok: counts the admission in the usage buffer, in the epoch whose journal the script
       * wrote. Until it is called that epoch stays open (its batch waits for it), so a request
       * is charged in key_usage only once it has been answered, or by the sweeper if this
       * process dies first.
       */
      count?: () => void;
    };

/**
 * An answer of `settle`: admitted ("ok"); admitted, but the key's record has left Redis ("miss");
 * or never admitted, and never will be ("given-up").
 */
export type Settled =
  | Extract<Verdict, { keyId: string }>
  | { kind: "miss"; known: true }
  | { kind: "given-up" };

/** An answer of `admit`; `unanswered`: a send of this call went unanswered (it may still land). */
export type Answer = Verdict & { unanswered?: boolean };

/** Redis could not say in time what it decided; the request may or may not have been admitted. */
export class RedisUndecided extends Error {
  /** Whether a send of the request may have reached Redis, or still may: settle it first. */
  constructor(
    message: string,
    readonly maybeSent = true,
  ) {
    super(message);
  }
}

/** The key's figures from an "ok", "deny" or "lease" answer. */
export function tally(kind: "ok" | "deny" | "lease", r: (string | number)[]) {
  return {
    kind,
    keyId: String(r[1]),
    daily: Number(r[2]),
    monthly: Number(r[3]),
    dayUsed: Number(r[4]),
    monthUsed: Number(r[5]),
    ...(kind === "deny" ? { window: r[6] === "monthly" ? ("monthly" as const) : ("daily" as const) } : {}),
  };
}
