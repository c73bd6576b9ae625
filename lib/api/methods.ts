// The full method table of a route: the methods it serves, a JSON 405 with `Allow` for the rest
// (Next would answer those with an empty body), and an OPTIONS that names only what is served.
// /v1 refusals go through the keyed wrapper, so they carry rate-limit headers (and are refunded).
import { ApiError } from "./errors";
import { handle, type RouteContext } from "./handle";
import { keylessLimitHeaders, keylessLimitRefusal, spendKeylessLimit } from "./keyless-limit";
import { rejectMethod } from "./with-api-key";

export type RouteHandler = (req: Request, route?: RouteContext) => Promise<Response>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Table = Record<Method | "OPTIONS", RouteHandler>;

/** Marks handlers that only refuse, so the API reference test does not expect them documented. */
const refusing = (h: RouteHandler) => Object.assign(h, { refuses: true as const });

const allowOf = (served: readonly string[]) =>
  [...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");

const keylessRefuse = (allow: string): RouteHandler =>
  refusing((req, route) =>
    handle(req, route, async () => {
      throw new ApiError("method_not_allowed", `${req.method} is not supported here; use ${allow}.`, {
        headers: { Allow: allow },
      });
    }),
  );

/**
 * OPTIONS, with no key needed (browsers send preflights without one). There is no CORS: keys
 * are secrets, and a web page that holds one gives it away, so the answer grants no origin.
 */
const options = (allow: string, keylessLimit: boolean): RouteHandler =>
  refusing((req, route) =>
    handle(req, route, async (_, { addHeaders }) => {
      if (keylessLimit) {
        const spent = await spendKeylessLimit(req);
        if (!spent.ok) throw keylessLimitRefusal(spent);
        addHeaders(keylessLimitHeaders(spent));
      }
      return { status: 204, body: undefined, headers: { Allow: allow } };
    }),
  );

function table(
  served: Partial<Record<Method, RouteHandler>>,
  refuse: RouteHandler,
  keylessLimit: boolean,
): Table {
  const allow = allowOf(Object.keys(served));
  const out = { OPTIONS: options(allow, keylessLimit) } as Table;
  for (const m of METHODS) out[m] = served[m] ?? refuse;
  return out;
}

/** A /v1 route: keyed refusals, and OPTIONS counts against the address's keyless limit. */
export const v1Methods = (served: Partial<Record<Method, RouteHandler>>) =>
  table(served, refusing(rejectMethod), true);

/** A site route under /api: keyless refusals. */
export const apiMethods = (served: Partial<Record<Method, RouteHandler>>) =>
  table(served, keylessRefuse(allowOf(Object.keys(served))), false);

/** The refusals and OPTIONS of a site route whose `served` methods have handlers of their own. */
export function apiRefusals(
  served: readonly Method[],
): Record<Exclude<Method, "GET" | "POST"> | "OPTIONS", RouteHandler> {
  const allow = allowOf(served);
  const refuse = keylessRefuse(allow);
  return { PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options(allow, false) };
}
