// Sends a Request through the real route modules (the same functions Next calls), so tests
// see status, headers and bodies exactly as a client would.

import * as billingCheckout from "@/app/api/billing/checkout/route";
import * as billingPortal from "@/app/api/billing/portal/route";
import * as billingWebhook from "@/app/api/billing/webhook/route";
import * as siteJobDetail from "@/app/api/jobs/[id]/route";
import * as siteJobs from "@/app/api/jobs/route";
import * as siteSalaryRoute from "@/app/api/jobs/salary/route";
import * as keysAlerts from "@/app/api/keys/alerts/route";
import * as keysConfirmCheck from "@/app/api/keys/confirm/check/route";
import * as keysConfirm from "@/app/api/keys/confirm/route";
import * as keysMe from "@/app/api/keys/me/route";
import * as keysRegister from "@/app/api/keys/register/route";
import * as keysRequests from "@/app/api/keys/requests/route";
import * as keysRevoke from "@/app/api/keys/revoke/route";
import * as keysUsage from "@/app/api/keys/usage/route";
import * as savedSearchDelete from "@/app/api/saved-searches/delete/route";
import * as savedSearchEnable from "@/app/api/saved-searches/enable-webhook/route";
import * as savedSearchRotate from "@/app/api/saved-searches/rotate-secret/route";
import * as savedSearches from "@/app/api/saved-searches/route";
import * as savedSearchTest from "@/app/api/saved-searches/test-event/route";
import * as savedSearchUnsubscribe from "@/app/api/saved-searches/unsubscribe/route";
import * as publicOpenapi from "@/app/openapi.json/route";
import * as fallback from "@/app/v1/[[...path]]/route";
import * as jobDuplicates from "@/app/v1/jobs/[id]/duplicates/route";
import * as jobDetail from "@/app/v1/jobs/[id]/route";
import * as jobChanges from "@/app/v1/jobs/changes/route";
import * as jobFacets from "@/app/v1/jobs/facets/route";
import * as jobPay from "@/app/v1/jobs/pay/route";
import * as jobs from "@/app/v1/jobs/route";
import * as openapi from "@/app/v1/openapi.json/route";
import * as salaryHistory from "@/app/v1/salary/history/route";
import * as salary from "@/app/v1/salary/route";
import { sharedKey } from "./api-keys";

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;
type RouteModule = Record<string, unknown>;

function route(pathname: string): { mod: RouteModule; params: Record<string, string | string[]> } {
  if (pathname === "/v1/jobs") return { mod: jobs, params: {} };
  if (pathname === "/v1/jobs/facets") return { mod: jobFacets, params: {} };
  if (pathname === "/v1/jobs/pay") return { mod: jobPay, params: {} };
  if (pathname === "/v1/jobs/changes") return { mod: jobChanges, params: {} };
  if (pathname === "/v1/salary") return { mod: salary, params: {} };
  if (pathname === "/v1/salary/history") return { mod: salaryHistory, params: {} };
  if (pathname === "/v1/openapi.json") return { mod: openapi, params: {} };
  if (pathname === "/openapi.json") return { mod: publicOpenapi, params: {} };
  if (pathname === "/api/keys/usage") return { mod: keysUsage, params: {} };
  if (pathname === "/api/keys/me") return { mod: keysMe, params: {} };
  if (pathname === "/api/keys/register") return { mod: keysRegister, params: {} };
  if (pathname === "/api/keys/confirm") return { mod: keysConfirm, params: {} };
  if (pathname === "/api/keys/confirm/check") return { mod: keysConfirmCheck, params: {} };
  if (pathname === "/api/keys/revoke") return { mod: keysRevoke, params: {} };
  if (pathname === "/api/keys/requests") return { mod: keysRequests, params: {} };
  if (pathname === "/api/keys/alerts") return { mod: keysAlerts, params: {} };
  if (pathname === "/api/saved-searches") return { mod: savedSearches, params: {} };
  if (pathname === "/api/saved-searches/delete") return { mod: savedSearchDelete, params: {} };
  if (pathname === "/api/saved-searches/enable-webhook") return { mod: savedSearchEnable, params: {} };
  if (pathname === "/api/saved-searches/rotate-secret") return { mod: savedSearchRotate, params: {} };
  if (pathname === "/api/saved-searches/test-event") return { mod: savedSearchTest, params: {} };
  if (pathname === "/api/saved-searches/unsubscribe") return { mod: savedSearchUnsubscribe, params: {} };
  if (pathname === "/api/billing/checkout") return { mod: billingCheckout, params: {} };
  if (pathname === "/api/billing/portal") return { mod: billingPortal, params: {} };
  if (pathname === "/api/billing/webhook") return { mod: billingWebhook, params: {} };
  if (pathname === "/api/jobs") return { mod: siteJobs, params: {} };
  if (pathname === "/api/jobs/salary") return { mod: siteSalaryRoute, params: {} };
  const siteDetail = /^\/api\/jobs\/([^/]+)$/.exec(pathname);
  if (siteDetail) return { mod: siteJobDetail, params: { id: decodeURIComponent(siteDetail[1]!) } };
  const group = /^\/v1\/jobs\/([^/]+)\/duplicates$/.exec(pathname);
  if (group) return { mod: jobDuplicates, params: { id: decodeURIComponent(group[1]!) } };
  const detail = /^\/v1\/jobs\/([^/]+)$/.exec(pathname);
  if (detail) return { mod: jobDetail, params: { id: decodeURIComponent(detail[1]!) } };
  return { mod: fallback, params: { path: pathname.split("/").slice(2) } };
}

/** Sends the file's shared pro key unless the caller sets X-API-Key itself (null: none). */
export async function request(
  path: string,
  init: RequestInit & { key?: string | null } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? await sharedKey() : init.key;
  if (key !== null && !headers.has("x-api-key")) headers.set("x-api-key", key);
  const req = new Request(new URL(path, "http://localhost:3000"), { ...init, headers });
  const { mod, params } = route(new URL(req.url).pathname);
  const handler = mod[req.method] as Handler | undefined;
  if (!handler) throw new Error(`no ${req.method} handler for ${path}`);
  return handler(req, { params: Promise.resolve(params) });
}

export async function getJson(path: string, headers: Record<string, string> = {}, key?: string | null) {
  const res = await request(path, { headers, key });
  const text = await res.text();
  return { res, status: res.status, body: text ? JSON.parse(text) : null };
}

/** What a browser sends with a fetch() from the site's own pages (Fetch Metadata). */
export const SAME_ORIGIN = { "sec-fetch-site": "same-origin" } as const;

/** A same-origin JSON POST from the site's own pages, as a browser sends it. */
export function sitePost(
  path: string,
  body: unknown,
  opts: { session?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: "http://localhost:3000",
    ...opts.headers,
  };
  if (opts.session) headers.cookie = `next-auth.session-token=${opts.session}`;
  return request(path, { method: "POST", headers, body: JSON.stringify(body), key: null });
}
