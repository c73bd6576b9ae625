// What admission answers, and how a key's figures become that answer (both paths use it).
import { randomBytes } from "node:crypto";
import { recordQuotaDecision } from "../metrics/registry";
import { type QuotaState, quotaState } from "./state";

export type KeyRefusal = "invalid_key" | "key_inactive";
/** Admission could only go on by asking Postgres, which the caller did not allow. */
export type LookupRefused = { ok: false; code: "lookup_refused" };
/** Where a request's unit was taken, so that it can be given back. */
export type Charge = {
  keyId: string;
  hash: string;
  at: Date;
  backend: "redis" | "postgres";
  /** The id it was admitted under (a refund gives the unit back by that id). */
  requestId: string;
  /**
   * Counts it in the usage buffer (Redis path), when the caller asked to do that itself once
   * the request is answered (`countWhenAnswered`); idempotent, and a no-op otherwise.
   */
  count: () => void;
};
export type Admission =
  | { ok: true; keyId: string; quota: QuotaState; charge: Charge }
  | { ok: false; code: KeyRefusal }
  | { ok: false; code: "quota_exceeded"; keyId: string; quota: QuotaState; window: "daily" | "monthly" };

/** Thrown when neither path could decide in time; isUnavailable() maps it to a 503, uncharged. */
export class QuotaUndecided extends Error {
  constructor(why = "Redis kept asking for a lease until the request's deadline") {
    super(`quota undecided: ${why}`);
  }
}

type Tally = { keyId: string; daily: number; monthly: number; dayUsed: number; monthUsed: number };

const nothing = () => {};

export function decide(
  admitted: boolean,
  v: Tally,
  now: Date,
  charge: Omit<Charge, "keyId" | "at" | "count"> & { count?: () => void },
  window?: "daily" | "monthly",
): Admission {
  const used = { ...v, dayUsed: Math.min(v.daily, v.dayUsed), monthUsed: Math.min(v.monthly, v.monthUsed) };
  // A refusal means no unit is left in the window that ran out, whatever the running counts say
  // (a unit leased to Redis and lost with it is spent).
  if (!admitted && window === "daily") used.dayUsed = v.daily;
  if (!admitted && window === "monthly") used.monthUsed = v.monthly;
  const quota = quotaState(used, now);
  recordQuotaDecision(admitted, charge.backend);
  if (admitted) {
    return {
      ok: true,
      keyId: v.keyId,
      quota,
      charge: { count: nothing, ...charge, keyId: v.keyId, at: now },
    };
  }
  const ran = window ?? (v.monthUsed >= v.monthly ? "monthly" : "daily");
  return { ok: false, code: "quota_exceeded", keyId: v.keyId, quota, window: ran };
}

/** `<ms>-<random>`: the time it was made decides the bucket Redis keeps it in. */
export const newRequestId = () => `${Date.now()}-${randomBytes(6).toString("hex")}`;
