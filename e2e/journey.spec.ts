// The whole journey in a real browser: sign in by magic link, register, confirm from the
// e-mail, call the API, watch usage, revoke. Every state is audited at a desk and a phone width
// (e2e/helpers.ts), and every e-mail is rendered at both.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { audit, auditEmail, DESK, guardCsp, inbox, linkIn, PHONE } from "./helpers";

const csp = guardCsp();

test("pages send a nonce CSP and refuse to be framed", async ({ page, request, baseURL }) => {
  for (const path of ["/", "/jobs", "/studio", "/signin", "/docs", "/keys/confirm"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const policy = res.headers()["content-security-policy"] ?? "";
    expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(res.headers()["x-frame-options"], path).toBe("DENY");
    expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(res.headers()["referrer-policy"], path).toBe(
      path === "/keys/confirm" ? "no-referrer" : "strict-origin-when-cross-origin",
    );
  }
  const api = await request.get("/v1/jobs");
  expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  // A page elsewhere cannot frame the Studio (two clicks in a frame once revoked a key).
  await page.setContent(`<iframe title="framed" src="${baseURL}/studio"></iframe>`);
  await expect.poll(() => page.frames()[1]?.url() ?? "").toMatch(/^chrome-error:/);
  csp.allow(/frame-ancestors|X-Frame-Options/); // the refusal itself
});

test("sign in, get a key by e-mail, confirm it, use it, see usage, revoke it", async ({
  page,
  request,
  browser,
}) => {
  // Twenty-odd audits, one of them of the whole API reference (axe over Scalar's markup at two
  // widths takes 15–20 s on a busy two-core machine): three times the usual budget.
  test.slow();
  const email = `e2e-${Date.now()}@example.com`;
  const quickStart = page.locator("section", { has: page.getByRole("heading", { name: "Quick start" }) });
  const usage = page.locator("section", { has: page.getByRole("heading", { name: "Usage", exact: true }) });

  await page.goto("/studio");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=(%2F|\/)studio/);
  await expect(page).toHaveTitle("Sign in · Jobs & Salary API");
  await audit(page, "01-signin");
  await expect(page.locator("form.card")).toHaveAttribute("method", "post");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/signin\/check-email/);
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await audit(page, "02-check-email");

  const signInMail = await inbox(email, /Sign in/);
  await auditEmail(browser, signInMail.html, "mail-sign-in");
  await page.goto(linkIn(signInMail.html, /\/api\/auth\/callback\/email/));
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page).toHaveTitle("Studio · Jobs & Salary API");
  await expect(quickStart).toContainText("$JOBS_API_KEY");
  await audit(page, "03-studio-no-key");

  // The message and the key card change together: at no moment does the page say both "We
  // e-mailed your key" and "You have no key yet" (a watcher notes every state the DOM passes).
  await page.evaluate(() => {
    const w = window as unknown as { bothShown: boolean };
    w.bothShown = false;
    new MutationObserver(() => {
      const text = document.body.innerText;
      if (text.includes("We e-mailed your key") && text.includes("You have no key yet")) w.bothShown = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole("button", { name: "Register a new key" }).click();
  await expect(page.getByRole("status")).toContainText("We e-mailed your key");
  const keyCard = page.locator("section", { has: page.getByRole("heading", { name: "API key" }) });
  await expect(keyCard.locator(".status.inactive")).toBeVisible();
  await expect(keyCard.getByText("You have no key yet")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { bothShown: boolean }).bothShown)).toBe(false);
  await audit(page, "03b-studio-registered");
  const keyMail = await inbox(email, /API key/);
  await auditEmail(browser, keyMail.html, "mail-key-confirmation");
  const key = /jsk_[0-9A-Za-z]{36}/.exec(keyMail.text)?.[0];
  expect(key).toBeTruthy();
  const hint = `jsk_…${key!.slice(-4)}`;
  const confirmLink = linkIn(keyMail.html, /\/keys\/confirm#token=/);
  await page.reload();
  await expect(page.locator(".status.inactive")).toBeVisible();
  await audit(page, "04-studio-inactive");
  const inactive = await request.get("/v1/jobs", { headers: { "X-API-Key": key! } });
  expect(inactive.status()).toBe(401);
  expect((await inactive.json()).error.code).toBe("key_inactive");

  await page.goto(confirmLink);
  await expect(page.getByRole("button", { name: "Activate key" })).toBeVisible();
  const opened = await request.get("/v1/jobs", { headers: { "X-API-Key": key! } });
  expect((await opened.json()).error.code).toBe("key_inactive"); // opening the link changed nothing
  await expect(page.getByText(key!.slice(-4))).toBeVisible();
  await audit(page, "05-confirm");
  await page.getByRole("button", { name: "Activate key" }).click();
  await expect(page.getByRole("status")).toContainText("is active");
  await audit(page, "06-confirmed");

  // The same link again: the key is active, and the page says so (not "register a new key").
  await page.goto("/");
  await page.goto(confirmLink);
  await expect(page.getByRole("status")).toContainText(`already activated your key ${hint}`);
  await expect(page.locator(".notice.error")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Activate key" })).toHaveCount(0);
  await audit(page, "06b-confirm-reused");

  const api = await request.get("/v1/jobs?title=engineer&country=DE", { headers: { "X-API-Key": key! } });
  expect(api.status()).toBe(200);
  expect((await api.json()).meta.total).toBeGreaterThan(0);
  expect(api.headers()["x-ratelimit-remaining"]).toBe("49");

  await page.goto("/studio");
  await expect(page.locator(".status.active")).toBeVisible();
  await expect(page.getByRole("meter", { name: "Today" })).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByRole("meter", { name: "This month" })).toHaveAttribute("aria-valuenow", "1");
  await expect(quickStart).toContainText(hint);
  // The chart: a labelled y-axis, today marked, every label readable (≥ 11 px) on a phone.
  await expect(usage.locator(".chart-axis")).toHaveText("Requests");
  await expect(usage.locator(".chart-x .today")).toContainText("Today");
  await expect(usage.locator(".chart-legend")).toContainText("Today: 1");
  await page.setViewportSize(PHONE);
  const sizes = await usage
    .locator(".chart-axis, .chart-y span, .chart-x span, .chart-limit span")
    .evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)));
  expect(sizes.length).toBeGreaterThan(5);
  for (const size of sizes) expect(size).toBeGreaterThanOrEqual(11);
  // The plans stack inside the Studio's width on a phone.
  const planEdges = await page
    .locator("ul.plans li")
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  for (const right of planEdges) expect(right).toBeLessThanOrEqual(PHONE.width - 16);
  await page.setViewportSize(DESK);
  await audit(page, "07-studio-active");

  // Usage alerts: on by default; the switch saves as it changes, and stays as left.
  const alerts = page.getByRole("switch", { name: "E-mail me usage alerts" });
  await expect(alerts).toBeChecked();
  await alerts.uncheck();
  await expect(page.getByRole("status")).toHaveText("Alerts off.");
  await page.reload();
  await expect(alerts).not.toBeChecked();
  await alerts.check();
  await expect(page.getByRole("status")).toContainText("Alerts on: we e-mail");
  await audit(page, "07b-studio-alerts-on");

  // The request log: the key's requests, newest first, filtered by status class, found by the
  // request id an error body gives, and exported as CSV.
  const refused = await request.get("/v1/jobs?per_page=5000", { headers: { "X-API-Key": key! } });
  expect(refused.status()).toBe(400);
  const refusedId = refused.headers()["x-request-id"]!;
  const requestsLog = page.locator("section", {
    has: page.getByRole("heading", { name: "Requests", exact: true }),
  });
  await expect(async () => {
    await page.goto("/studio");
    await expect(requestsLog.locator("tbody tr", { hasText: refusedId })).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(requestsLog.locator("tbody tr").first()).toContainText("per_page=5000");
  await expect(requestsLog.locator("tbody")).toContainText("GET /v1/jobs?title=engineer&country=DE");
  await requestsLog.getByLabel("Status").selectOption("4xx");
  await requestsLog.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=4xx/);
  const statuses = await requestsLog.locator(".log-status").allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  for (const status of statuses) expect(status).toMatch(/^4\d\d$/);
  await requestsLog.getByLabel("Status").selectOption("");
  await requestsLog.getByLabel("Request id").fill(refusedId);
  await requestsLog.getByRole("button", { name: "Filter" }).click();
  await expect(requestsLog.locator("tbody tr")).toHaveCount(1);
  await expect(requestsLog.locator("tbody tr")).toContainText("invalid_parameter");
  await audit(page, "07c-studio-request-found");
  const download = page.waitForEvent("download");
  await requestsLog.getByRole("link", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true); // so that spreadsheets read it as UTF-8
  expect(csv.slice(1).split("\r\n")[0]).toBe(
    "time,request_id,key,method,path,query,status,error_code,duration_ms",
  );
  expect(csv).toContain(`${refusedId},`);
  expect(csv).toContain(",400,invalid_parameter,");
  await requestsLog.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/studio#requests-h$/);
  await audit(page, "07d-studio-requests");

  // Plans are sold here (through the e2e's Stripe stand-in): a free user is offered both.
  const plans = page.locator("section", { has: page.getByRole("heading", { name: "Plan", exact: true }) });
  await expect(plans.getByRole("button", { name: "Upgrade to Builder" })).toBeVisible();
  await expect(plans.getByRole("button", { name: "Upgrade to Pro" })).toBeVisible();

  // Every code block has a copy button, and it copies the block's text.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const blocks = page.locator(".code-block");
  expect(await blocks.count()).toBe(4);
  for (const block of await blocks.all())
    await expect(block.getByRole("button", { name: /^Copy/ })).toBeVisible();
  await quickStart.getByRole("button", { name: "Copy search jobs" }).click();
  await expect(quickStart.getByRole("button", { name: /^Copied/ })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await quickStart.locator(".code-block pre").first().innerText());
  // What is copied works once the key is exported: the variable, never the hint (a 401).
  expect(copied).toContain('-H "X-API-Key: $JOBS_API_KEY"');
  expect(copied).not.toContain(hint);

  // The reference's try-it makes a real call: the key goes in X-API-Key, never in the URL.
  await page.goto("/docs#tag/salaries/GET/v1/salary");
  // Each operation is a region named by its heading.
  const salary = page.getByRole("region", { name: "Get a location's median salary", exact: true });
  await salary.getByRole("button", { name: /Test Request/ }).click();
  const client = page.getByRole("dialog");
  await client.getByLabel(/Value/).first().fill(key!);
  const sent = page.waitForResponse((r) => r.url().includes("/v1/salary?"));
  await client.getByRole("button", { name: /^Send/ }).first().click();
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect(answer.request().headers()["x-api-key"]).toBe(key);
  expect(answer.url()).not.toContain(key!);
  await expect(client.getByText("matched_on").first()).toBeVisible();
  await audit(page, "08-docs");

  await page.goto("/studio");
  await page.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Revoke");
  await audit(page, "08b-revoke-confirm");
  await page.keyboard.press("Escape"); // the dialog closes; nothing happens
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.getByRole("button", { name: "Revoke key" }).click();
  await page.getByRole("button", { name: "Yes, revoke it" }).click();
  await expect(page.locator(".status.revoked")).toBeVisible();
  // Revoking says it worked, the key card says revoked, and nothing offers the dead key.
  await expect(page.getByRole("status")).toContainText(`Key ${hint} revoked`);
  await expect(keyCard).toContainText("This key is revoked");
  await expect(keyCard.getByRole("button", { name: "Register a new key" })).toBeVisible();
  await expect(quickStart).not.toContainText(hint);
  await expect(quickStart).toContainText("$JOBS_API_KEY");
  await expect(usage).toContainText(`Made with ${hint}, which is now revoked`);
  await audit(page, "09-studio-revoked");

  const revoked = await request.get("/v1/jobs", { headers: { "X-API-Key": key! } });
  expect(revoked.status()).toBe(401);
  expect((await revoked.json()).error.code).toBe("invalid_key");
  const revokedMail = await inbox(email, /revoked/);
  await auditEmail(browser, revokedMail.html, "mail-key-revoked");

  await page.goto(confirmLink);
  await expect(page.locator(".notice.error")).toContainText("register a new key");
  await audit(page, "10-confirm-used");
});
