// /docs in a real browser, under the production CSP: getting started, the rendered reference
// with every operation of /openapi.json and its code samples, no CSP violation, no request to
// another site, no sideways scrolling on a phone, and the site's audit (axe included, the
// reference's own markup too) once it has rendered and in the states a reader opens: an
// operation, the search, the try-it. Screenshots go to test-results/screens.
import { expect, type Page, test } from "@playwright/test";
import { audit } from "./helpers";

let violations: string[] = [];
let elsewhere: string[] = [];
test.beforeEach(({ page, baseURL }) => {
  violations = [];
  elsewhere = [];
  page.on("console", (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  // Nothing the page loads or calls may come from anywhere but this site (readers may be offline).
  page.on("request", (r) => {
    if (!r.url().startsWith(`${new URL(baseURL ?? "").origin}/`) && !r.url().startsWith("data:")) {
      elsewhere.push(r.url());
    }
  });
});
test.afterEach(() => {
  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});

const STEPS = [
  "Getting started",
  "1. Get a key",
  "2. Make your first call",
  "3. Read the headers",
  "4. Handle errors",
  "5. Save requests with ETags",
  "6. Limits",
  "7. What counts against your quota",
  "Reference",
];

const screen = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png` });
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Opens /docs (at an anchor of the reference, if given) and waits for the reference. */
async function openDocs(page: Page, hash = "") {
  await page.goto(`/docs${hash}`);
  await expect(page.getByRole("heading", { name: "Jobs & Salary Lookup API" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0); // "Loading the reference…" is gone
}

test("getting started, then every operation of /openapi.json", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDocs(page);
  const column = page.locator(".docs-column").first();
  for (const name of STEPS) await expect(column.getByRole("heading", { name, exact: true })).toBeVisible();
  await expect(page.getByText("A 304 has no body")).toBeVisible();
  await screen(page, "docs-1280");
  await column.screenshot({ path: "test-results/screens/docs-1280-getting-started.png" });
  // The page's own anchors still work with the reference's router on the page.
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Errors" }).click();
  await expect(page).toHaveURL(/#errors$/);
  await expect(column.getByRole("heading", { name: "4. Handle errors" })).toBeInViewport();

  const doc = (await (await request.get("/openapi.json")).json()) as {
    paths: Record<string, Record<string, { summary: string }>>;
  };
  const sidebar = page.getByRole("complementary", { name: /Sidebar for/ });
  const summaries = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.summary));
  expect(summaries.length).toBeGreaterThanOrEqual(11);
  for (const summary of summaries) {
    await expect(
      sidebar.getByRole("link", { name: new RegExp(`^${literal(summary)} HTTP Method`) }),
    ).toHaveCount(1);
  }
  await column.getByRole("heading", { name: "Reference", exact: true }).scrollIntoViewIfNeeded();
  await screen(page, "docs-1280-reference");
  await audit(page, "20-docs");
});

test("an operation shows its code samples in curl, JavaScript and Python", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDocs(page, "#tag/jobs/GET/v1/jobs");
  // Each operation is a region named by its heading.
  const operation = page.getByRole("region", { name: "Search jobs", exact: true });
  const sample = (text: string) => operation.locator("pre").filter({ hasText: text }).first();
  await expect(sample('curl -i "')).toContainText("X-API-Key: $JOBS_API_KEY");
  await screen(page, "docs-1280-operation");
  const switches: [string, string, string][] = [
    ["curl", "JavaScript", "await fetch("],
    ["JavaScript", "Python", "requests.get("],
  ];
  for (const [from, to, text] of switches) {
    await operation.getByRole("button", { name: from, exact: true }).click();
    await page.getByRole("option", { name: to, exact: true }).click();
    await expect(sample(text)).toBeVisible();
  }
  await operation.getByRole("heading", { name: "Responses" }).first().scrollIntoViewIfNeeded();
  await screen(page, "docs-1280-responses");
  // Another example response and its schema, as a reader would open them.
  await operation.getByRole("tab", { name: /400/ }).first().click();
  await operation.getByText("Show Schema").first().click();
  await audit(page, "21-docs-operation");
});

test("the reference's search and its try-it pass the audit too", async ({ page }) => {
  await openDocs(page, "#tag/jobs/GET/v1/jobs");
  await page
    .getByRole("complementary", { name: /Sidebar for/ })
    .getByRole("button", { name: /Search/ })
    .first()
    .click();
  const search = page.getByRole("combobox", { name: "Enter search query" });
  await search.fill("salary");
  await expect(page.getByRole("option", { name: /median salary/ }).first()).toBeVisible();
  await audit(page, "22-docs-search");
  await page.keyboard.press("Escape");
  await expect(search).toHaveCount(0);
  await page.getByRole("button", { name: "Test Request (get /v1/jobs)" }).click();
  await expect(page.getByRole("dialog", { name: "API Client" })).toBeVisible();
  await audit(page, "23-docs-try-it");
});

test("a phone: no sideways scrolling, long commands stay inside their own box", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDocs(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  const curl = page.locator(".docs-column pre").filter({ hasText: "curl -i" }).first();
  // Wrapped or scrolled within the box, the command never widens the page.
  const right = await curl.evaluate((el) => el.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(390);
  await screen(page, "docs-390");
  await page
    .locator(".docs-column")
    .first()
    .screenshot({ path: "test-results/screens/docs-390-getting-started.png" });
  await page.locator(".docs-reference").evaluate((el) => el.scrollIntoView({ block: "start" }));
  await expect(page.getByRole("heading", { name: "Jobs & Salary Lookup API" })).toBeInViewport();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screen(page, "docs-390-reference");
  // An operation of the reference, with its samples and examples, keeps the page in bounds too.
  await openDocs(page, "#tag/jobs/GET/v1/jobs");
  await expect(page.locator("pre").filter({ hasText: 'curl -i "' }).first()).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screen(page, "docs-390-operation");
});
