// Whether an error means a dependency is away (the database stopped, frozen or overloaded), as
// opposed to a bug: the first is a 503 with Retry-After, the second a 500.
const UNAVAILABLE =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|Connection terminated|too many clients|database system is (starting|shutting)|Can't reach database server|\bP10(01|08|17)\b|\bP2037\b|57P0[1-3]|terminating connection|recovery mode|statement timeout|timeout exceeded when trying to connect|Query read timeout|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|quota undecided/i;

export function isUnavailable(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message} ${(err as { code?: string }).code ?? ""}` : String(err);
  return UNAVAILABLE.test(text);
}
