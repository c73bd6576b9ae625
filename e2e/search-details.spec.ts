// The details of the site's search and salary pages a first visitor trips over: URLs without
// empty fields, nothing cut off at a desk width, requests that wrap between parameters, what a
// job is (remote, seniority), a city's jobs from its median, and no page left as a lone form.
import { expect, type Page, test } from "@playwright/test";
import { audit, DESK, guardCsp, PHONE } from "./helpers";

guardCsp();

/** Controls in `scope` whose placeholder or any option is wider than the room inside them. */
function clippedControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const ctx = document.createElement("canvas").getContext("2d");
    if (!ctx) throw new Error("no canvas");
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      `${scope} input:not([type=checkbox], [type=radio]), ${scope} select`,
    );
    for (const el of controls) {
      const s = getComputedStyle(el);
      ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const isSelect = el instanceof HTMLSelectElement;
      const texts = isSelect ? [...el.options].map((o) => o.text) : [el.placeholder];
      // A closed select keeps room for its arrow at the right.
      const room =
        el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - (isSelect ? 20 : 0);
      for (const text of texts)
        if (ctx.measureText(text).width > room) out.push(`${el.id}: "${text}" in ${Math.round(room)} px`);
    }
    return out;
  }, scope);
}

test("a search goes to a URL without the fields left empty", async ({ page }) => {
  await page.goto("/jobs?title=engineer");
  await page.getByText("More filters").click();
  await page.getByLabel("Country or region").fill("DE");
  const arrangement = page.locator("fieldset", { hasText: "Work arrangement" });
  await arrangement.getByRole("checkbox", { name: /^Remote/ }).check();
  await arrangement.getByRole("checkbox", { name: /^Hybrid/ }).check();
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/jobs\?title=engineer&country=DE&remote=remote%2Chybrid$/);
  const params = new URL(page.url()).searchParams;
  for (const [k, v] of params) expect(v, `${k} is not empty`).not.toBe("");
  // Both choices were applied and are shown as chosen.
  await expect(page.locator(".result-count")).toContainText(/\d+ jobs?/);
  await expect(arrangement.getByRole("checkbox", { name: /^Hybrid/ })).toBeChecked();

  // The home page's form too: a title alone is a URL with a title alone.
  await page.goto("/");
  await page.getByLabel("Job title").fill("nurse");
  await page.getByRole("button", { name: "Search jobs" }).click();
  await expect(page).toHaveURL(/\/jobs\?title=nurse$/);
});

test("no filter's text is cut off at a desk width or on a phone", async ({ page }) => {
  await page.goto("/jobs?title=engineer");
  await page.getByText("More filters").click();
  for (const size of [DESK, PHONE]) {
    await page.setViewportSize(size);
    expect(await clippedControls(page, ".more-filters"), `at ${size.width}px`).toEqual([]);
  }
});

test("the home page's request wraps between parameters, never inside one", async ({ page }) => {
  await page.goto("/");
  for (const size of [DESK, PHONE, { width: 1100, height: 800 }]) {
    await page.setViewportSize(size);
    const split = await page.locator(".code-block", { hasText: "curl" }).evaluate((block) => {
      const code = block.querySelector("pre code");
      if (!code) return ["no code"];
      const text = code.textContent ?? "";
      const broken: string[] = [];
      for (const m of text.matchAll(/[a-z_]+=[^&"\s]+/g)) {
        // The characters of one name=value, wherever the <wbr>s split the text nodes.
        const range = document.createRange();
        let seen = 0;
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const len = node.textContent?.length ?? 0;
          if (m.index >= seen && m.index < seen + len) range.setStart(node, m.index - seen);
          const end = m.index + m[0].length;
          if (end > seen && end <= seen + len) range.setEnd(node, end - seen);
          seen += len;
        }
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
      return broken;
    });
    expect(split, `at ${size.width}px`).toEqual([]);
  }
});

test("a job's card and page say whether it is remote and how senior", async ({ page }) => {
  await page.goto("/jobs?title=engineer&remote=remote&seniority=senior");
  const card = page.locator("ul.results > li").first();
  await expect(card.locator(".tags")).toContainText("Remote");
  await expect(card.locator(".tags")).toContainText("Senior");
  await card.locator("a.job-title").click();
  const side = page.getByRole("complementary", { name: "At a glance" });
  await expect(side.locator("dt", { hasText: "Work" })).toBeVisible();
  await expect(side.locator("dd").filter({ hasText: /^Remote$/ })).toBeVisible();
  await expect(side.locator("dd").filter({ hasText: /^Senior$/ })).toBeVisible();
  await audit(page, "13c-job-remote-senior");
});

test("a city's median leads to that city's jobs", async ({ page }) => {
  await page.goto("/salary?title=Berlin");
  await expect(page.locator(".figure")).toContainText(/\d/);
  const jobs = page.getByRole("link", { name: "Jobs in Berlin" });
  await expect(jobs).toHaveAttribute("href", /[?&]city=Berlin(&|$)/);
  await expect(jobs).toHaveAttribute("href", /[?&]country=DE(&|$)/);
  await audit(page, "14b-salary-city");
  await jobs.click();
  await expect(page.locator(".result-count")).toContainText(/[1-9][\d,]* jobs?/);
  await expect(page.locator("ul.results > li").first()).toContainText("Berlin");
});

test("a country's pay shows its spread and its trend, each with the figures as a table", async ({ page }) => {
  await page.goto("/salary?country=DE");
  const band = page.getByRole("figure", { name: /How pay is spread/ });
  const percentiles = band.getByRole("table", { name: /Percentiles of advertised pay/ });
  await expect(percentiles.getByRole("columnheader")).toHaveText(["10th", "25th", "Median", "75th", "90th"]);
  const cells = (await percentiles.getByRole("cell").allTextContents()).map((t) =>
    Number(t.replace(/,/g, "")),
  );
  expect(cells).toHaveLength(5);
  expect(cells).toEqual([...cells].sort((a, b) => a - b));
  const trend = page.getByRole("figure", { name: /Median over time/ });
  await expect(trend.getByRole("img")).toHaveAttribute("aria-label", /over 3 snapshots/);
  await trend.getByText("The figures").click();
  await expect(trend.getByRole("row")).toHaveCount(4);
  await expect(trend.getByRole("rowheader")).toHaveText(["2026-09-21", "2026-10-21", "2026-11-21"]);
  await audit(page, "14c-salary-spread-trend");
});

test("the salary page without a question offers some, and says what a median is", async ({ page }) => {
  await page.goto("/salary");
  const tryOne = page.locator("section", { has: page.getByRole("heading", { name: "Try one" }) });
  await expect(tryOne.getByRole("link", { name: "Berlin" })).toHaveAttribute("href", "/salary?title=Berlin");
  await expect(tryOne).toContainText("A country is looked up by name or ISO code");
  await audit(page, "14a-salary-empty");
  await tryOne.getByRole("link", { name: "Germany" }).click();
  await expect(page.locator(".figure")).toContainText(/\d/);
});

test("sign-in and key confirmation pages say where the step leads", async ({ page }) => {
  for (const [path, name] of [
    ["/signin", "18-signin"],
    ["/signin/check-email?email=someone%40example.com", "18b-check-email"],
    ["/keys/confirm", "18c-confirm-no-token"],
  ] as const) {
    await page.goto(path);
    const aside = page.getByRole("complementary", { name: "From sign-in to your first request" });
    await expect(aside, path).toBeVisible();
    await expect(aside.locator("li")).toHaveCount(4);
    await expect(aside.locator('li[aria-current="step"]')).toHaveCount(1);
    // At a desk the step and the way on sit side by side, not one under the other.
    await page.setViewportSize(DESK);
    const main = await page.locator(".account-main").boundingBox();
    const side = await aside.boundingBox();
    expect(main && side && side.x > main.x + main.width - 1, path).toBe(true);
    await audit(page, name);
  }
});

test("the home page says the demo catalog is synthetic and how to import real data", async ({ page }) => {
  await page.goto("/");
  const note = page.locator("#demo-catalog");
  await expect(note).toContainText("synthetic");
  await expect(note).toContainText("npm run catalog:import");
});

test("the keyword box searches descriptions and keeps its words on the next page", async ({ page }) => {
  await page.goto("/jobs");
  await page.getByLabel("Keywords").fill('"wound care" -senior');
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/jobs\?q=%22wound\+care%22\+-senior$/);
  await expect(page.locator(".result-count")).toContainText(/\d+ jobs?/);
  await expect(page.getByLabel("Keywords")).toHaveValue('"wound care" -senior');
  const next = page.getByRole("link", { name: /next/i }).first();
  if (await next.count()) expect(await next.getAttribute("href")).toContain("q=%22wound+care%22+-senior");
  // A query the API cannot read says where, beside the field.
  await page.goto(`/jobs?q=${encodeURIComponent('"wound care')}`);
  await expect(page.getByRole("alert").filter({ hasText: /quote at position 1/ })).toBeVisible();
  await expect(page.getByLabel("Keywords")).toHaveAttribute("aria-invalid", "true");
  for (const size of [DESK, PHONE]) {
    await page.setViewportSize(size);
    expect(await clippedControls(page, "form[role=search] .search"), `at ${size.width}px`).toEqual([]);
  }
});
