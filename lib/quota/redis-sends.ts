// Sending a quota script to Redis until it answers. A send that times out may still have run,
// or may still reach Redis later: it is sent again (every script is idempotent by its request
// or lease id) while the caller has time, and the caller is told whether any send went
// unanswered, so that it can settle the request before giving up on it.
import { isReplyError, type LuaScript } from "../redis/client";
import { RedisUndecided } from "./verdicts";

const RETRY_MS = 50;
/** How long a request giving up on Redis keeps asking it to settle what it did with it. */
const SETTLE_MS = 1_000;

/** One call of a script; tests put faults here (a lost or late reply, a call sent twice). */
export type Transport = (script: LuaScript, keys: string[], args: string[]) => Promise<unknown>;
export const direct: Transport = (script, keys, args) => script.exec(keys, args);

/** Errors after which the command certainly never reached Redis. */
const NOT_SENT = /Stream isn't writeable|ECONNREFUSED|enableOfflineQueue/i;
/**
 * The client gave up on its connection: it fails what it had queued, written to the socket or
 * not, so the command may have run. Not sent again: the connection is gone.
 */
const GAVE_UP = /max retries per request/i;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Redis's clock minus ours, learnt from a "late" answer that came before our own deadline. */
let clockOffsetMs = 0;

/** Learns Redis's clock from a "late" answer's time (ms on Redis's clock) that came in time. */
export function learnClockOffset(redisNow: number): void {
  clockOffsetMs = Math.max(0, redisNow - Date.now());
}

/**
 * Sends a script until Redis answers or `deadline` (our clock) passes; `args` is given the
 * deadline on Redis's clock. Reply errors (a bad script, WRONGTYPE) are answers too: they are
 * thrown as they are. Throws RedisUndecided when no answer came in time, or when the client
 * gave up on its connection. `failed`: whether some send went unanswered before this answer.
 */
export async function untilAnswered(
  send: Transport,
  script: LuaScript,
  keys: string[],
  args: (deadline: number) => string[],
  deadline: number,
): Promise<{ reply: unknown; failed: boolean }> {
  for (let failed = false; ; failed = true) {
    try {
      return { reply: await send(script, keys, args(deadline + clockOffsetMs)), failed };
    } catch (err) {
      // An error Redis answered with (a script error, LOADING, READONLY) after a send that went
      // unanswered says nothing of what that send did.
      if (isReplyError(err)) {
        if (failed) throw new RedisUndecided(String(err), true);
        throw err;
      }
      const notSent = NOT_SENT.test(String(err));
      if (notSent || GAVE_UP.test(String(err)) || Date.now() + RETRY_MS > deadline)
        throw new RedisUndecided(String(err), failed || !notSent);
    }
    await sleep(RETRY_MS);
  }
}

/**
 * Sends a settling script until Redis answers, for SETTLE_MS at most, whatever the errors (the
 * connection may come back): throws RedisUndecided after that.
 */
export async function untilSettled(
  send: Transport,
  script: LuaScript,
  keys: string[],
  args: string[],
): Promise<unknown> {
  const until = Date.now() + SETTLE_MS;
  for (;;) {
    try {
      return await send(script, keys, args);
    } catch (err) {
      if (isReplyError(err)) throw err;
      if (Date.now() + RETRY_MS > until) throw new RedisUndecided(`not settled: ${String(err)}`);
    }
    await sleep(RETRY_MS);
  }
}
