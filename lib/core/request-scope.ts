// Per-request state that outlives what a page can return: a page that finds the database away
// renders its "temporarily unavailable" message, and the production server (lib/api/app-server.ts)
// then sends it as a 503 rather than a 200 (a page itself cannot choose its status).
// On globalThis: the page runs in Next's bundle, the server in another copy of lib/.
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestScope = { unavailable: boolean };
const g = globalThis as unknown as { requestScope?: AsyncLocalStorage<RequestScope> };
g.requestScope ??= new AsyncLocalStorage<RequestScope>();
const storage = g.requestScope;

export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** Marks the current request's answer as a 503 (outside a scope, as in tests: no effect). */
export function markUnavailable(): void {
  const scope = storage.getStore();
  if (scope) scope.unavailable = true;
}
