// The whole journey in a real browser: sign in by magic link, register, confirm from the
// e-mail, call the API, watch usage, revoke.
import { expect, test } from "@playwright/test";
import { inbox, linkIn, shot } from "./helpers";

// Every page runs under a nonce-based CSP: a violation is a console error, and fails the test.
let violations: string[] = [];
test.beforeEach(({ page }) => {
  violations = [];
  page.on("console", (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
});
test.afterEach(() => expect(violations).toEqual([]));

test("pages send a nonce CSP and refuse to be framed", async ({ page, request, baseURL }) => {
  for (const path of ["/", "/jobs", "/studio", "/signin", "/docs", "/keys/confirm"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp, path).toContain("frame-ancestors 'none'");
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
  violations = violations.filter((v) => !/frame-ancestors|X-Frame-Options/.test(v)); // the refusal itself
});

test("sign in, get a key by e-mail, confirm it, use it, see usage, revoke it", async ({ page, request }) => {
  const email = `e2e-${Date.now()}@example.com`;

  await page.goto("/studio");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=(%2F|\/)studio/);
  await shot(page, "01-signin");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/signin\/check-email/);
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await shot(page, "02-check-email");

  const signInMail = await inbox(email, /Sign in/);
  await page.goto(linkIn(signInMail.html, /\/api\/auth\/callback\/email/));
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await shot(page, "03-studio-no-key");

  await page.getByRole("button", { name: "Register a new key" }).click();
  await expect(page.getByRole("status")).toContainText("We e-mailed your key");
  const keyMail = await inbox(email, /API key/);
  const key = /jsk_[0-9A-Za-z]{36}/.exec(keyMail.text)?.[0];
  expect(key).toBeTruthy();
  const confirmLink = linkIn(keyMail.html, /\/keys\/confirm#token=/);
  await page.reload();
  await expect(page.locator(".status.inactive")).toBeVisible();
  await shot(page, "04-studio-inactive");
  const inactive = await request.get("/v1/jobs", { headers: { "X-API-Key": key! } });
  expect(inactive.status()).toBe(401);
  expect((await inactive.json()).error.code).toBe("key_inactive");

  await page.goto(confirmLink);
  await expect(page.getByRole("button", { name: "Activate key" })).toBeVisible();
  const opened = await request.get("/v1/jobs", { headers: { "X-API-Key": key! } });
  expect((await opened.json()).error.code).toBe("key_inactive"); // opening the link changed nothing
  await expect(page.getByText(key!.slice(-4))).toBeVisible();
  await shot(page, "05-confirm");
  await page.getByRole("button", { name: "Activate key" }).click();
  await expect(page.getByRole("status")).toContainText("is active");
  await shot(page, "06-confirmed");

  const api = await request.get("/v1/jobs?title=engineer&country=DE", { headers: { "X-API-Key": key! } });
  expect(api.status()).toBe(200);
  expect((await api.json()).meta.total).toBeGreaterThan(0);
  expect(api.headers()["x-ratelimit-remaining"]).toBe("49");

  await page.goto("/studio");
  await expect(page.locator(".status.active")).toBeVisible();
  await expect(page.getByRole("meter", { name: "Today" })).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByRole("meter", { name: "This month" })).toHaveAttribute("aria-valuenow", "1");
  await shot(page, "07-studio-active");

  // The reference's try-it makes a real call: the key goes in X-API-Key, never in the URL.
  await page.goto("/docs#tag/salaries/GET/v1/salary");
  const salary = page.locator("section", {
    has: page.getByRole("heading", { name: "Get a location's median salary", exact: true }),
  });
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
  await shot(page, "08-docs");

  await page.goto("/studio");
  await page.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Revoke");
  await shot(page, "08b-revoke-confirm");
  await page.keyboard.press("Escape"); // the dialog closes; nothing happens
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.getByRole("button", { name: "Revoke key" }).click();
  await page.getByRole("button", { name: "Yes, revoke it" }).click();
  await expect(page.locator(".status.revoked")).toBeVisible();
  await shot(page, "09-studio-revoked");

  const revoked = await request.get("/v1/jobs", { headers: { "X-API-Key": key! } });
  expect(revoked.status()).toBe(401);
  expect((await revoked.json()).error.code).toBe("invalid_key");
  await inbox(email, /revoked/);

  await page.goto(confirmLink);
  await expect(page.locator(".notice.error")).toContainText("register a new key");
  await shot(page, "10-confirm-used");
});

test("the public site: search, paging, detail, salary", async ({ page }) => {
  await page.goto("/");
  await shot(page, "11-home");
  await page.getByLabel("Job title").fill("engineer");
  await page.getByLabel("Country or region").fill("DE");
  await page.getByRole("button", { name: "Search jobs" }).click();
  await expect(page).toHaveURL(/\/jobs\?title=engineer&country=DE/);
  await expect(page.getByText(/\d+ jobs, page 1 of \d+/)).toBeVisible();
  await shot(page, "12-jobs");
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByText(/page 2 of/)).toBeVisible();

  const first = page.locator("ul.results a").first();
  const title = await first.innerText();
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await shot(page, "13-job");

  await page.goto("/salary");
  await page.getByLabel("…or a place").fill("Berlin");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText(/EUR/)).toBeVisible();
  await shot(page, "14-salary");

  await page.goto("/jobs?country=ZZZZZ");
  await expect(page.locator("p.notice.error")).toContainText("country");
});

test("on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/jobs?title=nurse");
  await expect(page.locator("ul.results li").first()).toBeVisible();
  await shot(page, "15-jobs-phone");
  await page.goto("/signin");
  await shot(page, "16-signin-phone");
  await context.close();
});
