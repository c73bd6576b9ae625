// When to try a failed webhook delivery again. Exponential backoff with full jitter: each wait
// is a uniform draw below the un-jittered ceiling, which spreads out the retries of many
// deliveries that failed together (an endpoint's outage) instead of bunching them up.

export const RETRY_BASE_DELAY_MS = 30_000;
export const RETRY_FACTOR = 2;
export const RETRY_MAX_DELAY_MS = 60 * 60 * 1000;
/** No attempt is made later than this after the first one. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The most the wait after failed attempt number `attempt` (1-based) can be. */
export function maxAttemptDelayMs(attempt: number): number {
  return Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * RETRY_FACTOR ** (attempt - 1));
}

// The window is judged by ceilings, not by the waits actually drawn: the schedule stays a pure
// function of the attempt number, and even a run of unlucky draws ends inside the window.
function worstCaseElapsedMs(attempts: number): number {
  let total = 0;
  for (let i = 1; i <= attempts && total <= RETRY_WINDOW_MS; i++) total += maxAttemptDelayMs(i);
  return total;
}

/**
 * How long to wait after failed attempt number `attempt` (1 for the first delivery), or null
 * when the delivery should be given up. `random` returns a number in [0, 1), as Math.random.
 */
export function nextAttemptDelayMs(attempt: number, random: () => number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new RangeError(`attempt must be 1 or more, not ${attempt}`);
  if (worstCaseElapsedMs(attempt) > RETRY_WINDOW_MS) return null;
  // Clamped (NaN to 0), so a generator out of contract cannot make a negative or longer wait.
  const drawn = random();
  const r = drawn > 1 ? 1 : drawn >= 0 ? drawn : 0;
  return Math.floor(maxAttemptDelayMs(attempt) * r);
}

/** How many attempts a delivery gets in all, the first included. */
export const RETRY_MAX_ATTEMPTS = (() => {
  let attempt = 1;
  while (worstCaseElapsedMs(attempt) <= RETRY_WINDOW_MS) attempt++;
  return attempt;
})();
