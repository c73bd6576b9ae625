// Limits as a visitor meets them, on the production server: one per-address site limit for the
// keyless API and the pages, and the sign-in e-mail limit that says how long to wait.
import { expect, test } from "@playwright/test";
import { audit, guardCsp } from "./helpers";

guardCsp();

test("/api/jobs and the pages count against one limit per address", async ({ browser, baseURL }) => {
  // From ::1, an address no other test uses, so its limit starts unspent (the peer address is
  // stamped by server.ts from the socket, so this is a client of its own).
  const fromV6 = baseURL!.replace("127.0.0.1", "[::1]");
  // The limit is a sliding window over fixed minute buckets: once a minute starts, the last
  // minute's spending weighs less and a request gets through again. Start early in a minute,
  // so that reaching the limit and meeting the refusals happen within one.
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 25_000) await new Promise((r) => setTimeout(r, left + 100));
  const context = await browser.newContext({ baseURL: fromV6 });
  const page = await context.newPage();
  await page.goto("/jobs?title=nurse");
  await expect(page.locator("ul.results li").first()).toBeVisible(); // a page spends one unit
  const statuses: number[] = [];
  while (!statuses.includes(429) && statuses.length < 200) {
    // From the page, as the site's own script would: /api/jobs answers only the site's pages.
    // No Referer: this page is on [::1], not on APP_URL's host, which a Referer would name.
    statuses.push(
      await page.evaluate(
        async () => (await fetch("/api/jobs?title=nurse", { referrerPolicy: "no-referrer" })).status,
      ),
    );
  }
  expect(statuses.at(-1)).toBe(429);
  // 60 a minute (a sliding window: the page's unit may already weigh less than one).
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
  // What the API counted, the pages count too.
  await page.goto("/jobs?title=nurse");
  await expect(page.locator("p.notice.error")).toContainText("Too many searches from your address");
  await expect(page.locator("ul.results li")).toHaveCount(0);
  await page.goto("/salary?country=DE");
  await expect(page.locator("p.notice.error")).toContainText("Too many searches from your address");
  await audit(page, "18-jobs-rate-limited");
  await context.close();
});

test("the fourth sign-in e-mail for one address says how long to wait", async ({ page }) => {
  const email = `limit-${Date.now()}@example.com`;
  for (let i = 1; i <= 3; i++) {
    await page.goto("/signin");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page).toHaveURL(/\/signin\/check-email/);
  }
  await page.goto("/signin");
  await page.getByLabel("E-mail address").fill(email.toUpperCase()); // the same address
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  const alert = page.locator("#signin-error");
  await expect(alert).toHaveAttribute("role", "alert");
  await expect(alert).toContainText("We already sent 3 sign-in e-mails to this address");
  await expect(alert).toContainText(/wait (about (a|\d+) minutes?|\d+ seconds)/);
  await expect(alert).not.toContainText(/check the address/i);
  await expect(page).toHaveURL(/\/signin$/);
  await audit(page, "19-signin-limited");

  // A link that expired or was used: the page says so and offers a new one.
  await page.goto("/signin?error=Verification");
  await expect(page.locator("p.notice.error")).toContainText("expired or was already used");
  await audit(page, "19b-signin-link-expired");
});
