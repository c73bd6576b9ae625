// The public site in a real browser: the home page's live example, search by country name,
// page numbers, the way back from a job, a job's pay, suggestions, 404s, and a phone.
import { expect, test } from "@playwright/test";
import { audit, guardCsp, PHONE } from "./helpers";

guardCsp();

test("the home page: what it is, a live example, and the ways on", async ({ page, context }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Jobs & Salary Lookup API");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jobs & Salary Lookup API");
  await expect(page.locator(".lede")).toContainText("JSON API");
  for (const [name, href] of [
    ["Read the docs", "/docs"],
    ["Get a free API key", "/studio"],
    ["See the plans", "#plans"],
  ] as const) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(page.locator("#plans ul.plans li")).toHaveCount(3);
  // The example is real: its request, sent with a key, would answer its response.
  const request = page.locator(".code-block", { hasText: "curl" }).locator("pre");
  await expect(request).toContainText("/v1/jobs?title=engineer&country=DE&per_page=1");
  const response = JSON.parse(await page.locator(".code-block pre").nth(1).innerText());
  // Fetched by the page itself: /api/jobs answers only the site's own pages.
  const site = await page.evaluate(async () =>
    (await fetch("/api/jobs?title=engineer&country=DE&per_page=1")).json(),
  );
  expect(response).toEqual(site);
  expect(response.items).toHaveLength(1);
  // One click copies it (the button is Next's own script: no inline script anywhere).
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy request" }).click();
  await expect(page.getByRole("button", { name: "Copied request" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await request.innerText());
  expect(await page.locator("script:not([src])").evaluateAll((s) => s.filter((e) => !e.nonce).length)).toBe(
    0,
  );
  await audit(page, "11-home");
});

test("the public site: search, paging, detail, salary", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Job title").fill("engineer");
  await page.getByLabel("Country or region").fill("DE");
  await page.getByRole("button", { name: "Search jobs" }).click();
  await expect(page).toHaveURL(/\/jobs\?title=engineer&country=DE/);
  await expect(page.getByText(/\d+ jobs, page 1 of \d+/)).toBeVisible();
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByText(/page 2 of/)).toBeVisible();

  const first = page.locator("ul.results a").first();
  const title = await first.innerText();
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  await page.goto("/salary");
  await page.getByLabel("…or a place").fill("Berlin");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.locator(".figure")).toContainText(/EUR/);
  await audit(page, "14-salary");

  await page.goto("/jobs?country=ZZZZZ");
  await expect(page.locator("p.notice.error")).toContainText("country");
  await audit(page, "14d-jobs-bad-country");
});

test("More filters: choices with counts, kept in the URL and across pages", async ({ page }) => {
  await page.goto("/jobs?title=engineer");
  await page.getByText("More filters").click();
  const arrangement = page.locator("fieldset", { hasText: "Work arrangement" });
  await expect(arrangement).toContainText(/Remote \([\d,]+\)/);
  // A checkbox is a small box beside its label's text, not a full-width field above it.
  const box = await arrangement.getByRole("checkbox", { name: /^Remote/ }).boundingBox();
  const label = await arrangement.locator("label", { hasText: /^\s*Remote/ }).boundingBox();
  expect(box && label).toBeTruthy();
  if (box && label) {
    expect(box.width).toBeLessThan(30);
    expect(box.height).toBeLessThan(30);
    expect(label.height).toBeLessThan(48); // one line, the box and its text side by side
  }
  await arrangement.getByRole("checkbox", { name: /^Remote/ }).check();
  await page.getByLabel("Sort by").selectOption("date");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/remote=remote/);
  await expect(page).toHaveURL(/sort=date/);
  await expect(page.getByText(/\d+ jobs, page 1 of [2-9]/)).toBeVisible();
  await expect(
    page.locator("fieldset", { hasText: "Work arrangement" }).getByRole("checkbox", { name: /^Remote/ }),
  ).toBeChecked();
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/remote=remote.*page=2/);
  await audit(page, "14e-jobs-filters");
});

test("countries by name, page numbers, and the way back from a job", async ({ page }) => {
  const total = async () => Number((await page.locator(".result-count strong").innerText()).split(" ")[0]);
  await page.goto("/jobs?title=engineer&country=DE");
  const byCode = await total();
  for (const country of ["Germany", "germany", "DEU"]) {
    await page.goto(`/jobs?title=engineer&country=${country}`);
    expect(await total(), country).toBe(byCode);
    await expect(page.locator(".result-count")).toContainText("in Germany");
  }
  await expect(page).toHaveTitle("“engineer” jobs in Germany · Jobs & Salary API");
  await page.goto("/jobs?title=engineer&country=dach");
  await expect(page.locator(".result-count")).toContainText("Germany, Austria, Switzerland");

  await page.goto("/jobs?title=engineer&country=Germany");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByRole("link", { name: "Page 1, current page" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await audit(page, "12-jobs");
  await pages.getByRole("link", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/page 2 of/)).toBeVisible();
  await audit(page, "12b-jobs-page-2");

  const first = page.locator("ul.results a").first();
  const title = await first.innerText();
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(
    new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} at .* · Jobs & Salary API$`),
  );
  const pay = page.getByRole("link", { name: /^Median pay in / });
  expect(await pay.count()).toBeGreaterThan(0);
  await expect(pay.last()).toHaveAttribute("href", /^\/salary\?country=[A-Z]{2}$/);
  await audit(page, "13-job");
  await page.getByRole("link", { name: "← Back to the search" }).click();
  await expect(page).toHaveURL(/\/jobs\?title=engineer&country=Germany&page=2$/);
  await expect(page.getByText(/page 2 of/)).toBeVisible();
  await expect(page.getByLabel("Country or region")).toHaveValue("Germany");

  await page.goto("/jobs?title=engineer&country=Germany");
  await page.locator("ul.results a").first().click();
  await page
    .getByRole("link", { name: /^Median pay in / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/salary\?/);
  await expect(page.locator(".figure")).toContainText(/\d/);

  // A demo job whose pay is only in its (French) text: shown, and said to be read from it.
  await page.goto("/jobs/job-0000073");
  await expect(page.locator(".pay")).toHaveText("50,000–64,000 EUR a year");
  await expect(page.locator(".pay-source")).toHaveText("Read from the ad’s text, not a salary field");
  await expect(page.locator("article")).toContainText(/Salaire : 50.000 € à 64.000 € par an\./);
  await audit(page, "13c-job-parsed-pay");
});

test("a search that finds nothing suggests what would", async ({ page }) => {
  await page.goto("/jobs?title=engineer%20zzzz&country=Germany");
  await expect(page.locator(".result-count")).toContainText("0 jobs");
  const help = page.locator("section", { has: page.getByRole("heading", { name: /^No jobs match/ }) });
  await expect(help.getByRole("link", { name: /in every country/ })).toHaveCount(0); // that finds nothing either
  await expect(help.getByRole("link", { name: /^“engineer” in Germany/ })).toHaveAttribute(
    "href",
    "/jobs?title=engineer&country=DE",
  );
  await expect(help.getByRole("link", { name: /^Every job in Germany/ })).toBeVisible();
  expect(await help.getByRole("heading", { name: "Popular searches" }).count()).toBe(1);
  await audit(page, "14c-jobs-none");
  await help.getByRole("link", { name: /^“engineer” in Germany/ }).click();
  await expect(page.getByText(/\d+ jobs, page 1 of \d+/)).toBeVisible();
});

test("unknown pages and jobs answer 404 with the site's own page", async ({ page }) => {
  const job = await page.goto("/jobs/no-such-job");
  expect(job?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Job not found");
  await expect(page).toHaveTitle("Job not found · Jobs & Salary API");
  await audit(page, "15-job-not-found");
  expect((await page.goto("/jobs/not%20an%20id"))?.status()).toBe(404); // an id that cannot exist
  const other = await page.goto("/no-such-page");
  expect(other?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveTitle("Page not found · Jobs & Salary API");
  await audit(page, "16-not-found");
});

test("the sign-in page with parameters given twice or named like an object's own", async ({ page }) => {
  for (const query of [
    "callbackUrl=/a&callbackUrl=/b",
    "error=__proto__",
    "error=constructor",
    "error=Verification&error=x",
  ]) {
    const res = await page.goto(`/signin?${query}`);
    expect([query, res?.status()]).toEqual([query, 200]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  }
  // The page's own notice (Next's route announcer is an empty alert of its own).
  const notice = page.getByRole("alert").filter({ hasText: /\S/ });
  await expect(notice).toHaveCount(0);
  await page.goto("/signin?error=Verification");
  await expect(notice).toContainText("expired or was already used");
  // A client router state Next cannot read is the request's fault: a 400, not Next's 500.
  const odd = await page.request.get("/jobs", { headers: { RSC: "1", "Next-Router-State-Tree": "x" } });
  expect(odd.status()).toBe(400);
});

test("on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/jobs?title=nurse");
  await expect(page.locator("ul.results li").first()).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Docs" }),
  ).toBeInViewport();
  await audit(page, "17-jobs-phone");
  await page.goto("/salary");
  await audit(page, "17b-salary-empty");
  await context.close();
});
