// Shared by the browser tests: the mail sink's inbox, the CSP guard, and audit(): the checks
// every page and state gets at a desk and a phone width, with a screenshot of each.
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { waitForMail } from "../harness/support/mail-sink";

export const mailWebUrl = () => process.env.MAIL_WEB_URL ?? "http://127.0.0.1:1080";

export const inbox = (to: string, subject: RegExp) => waitForMail(mailWebUrl(), to, subject, 15_000);

/** A link from an e-mail's HTML (hrefs are HTML-escaped there). */
export function linkIn(html: string, pattern: RegExp): string {
  for (const m of html.matchAll(/href="([^"]+)"/g)) {
    const url = m[1]!.replaceAll("&amp;", "&");
    if (pattern.test(url)) return url;
  }
  throw new Error(`no link matching ${pattern}`);
}

/** Every page runs under a nonce-based CSP: a violation is a console error, and fails the test. */
export function guardCsp(): { allow: (pattern: RegExp) => void } {
  let violations: string[] = [];
  test.beforeEach(({ page }) => {
    violations = [];
    page.on("console", (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
  });
  test.afterEach(() => expect(violations).toEqual([]));
  return {
    allow: (pattern) => {
      violations = violations.filter((v) => !pattern.test(v));
    },
  };
}

export const DESK = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * At both widths: nothing wider than the screen, the main navigation with Docs, cards without
 * an empty band above their first line, regular-weight inputs and placeholders, no axe
 * violations; then a full-page screenshot in test-results/screens/<name>-<width>.png.
 */
export async function audit(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const size of [DESK, PHONE]) {
    const at = `${name} at ${size.width}px`;
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready.then(() => true));
    // After a client-side navigation Next sets the new page's <title> a moment later.
    await expect(page, `${at}: a title`).toHaveTitle(/\S/);
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(width.scroll, `${at}: nothing overflows`).toBeLessThanOrEqual(width.inner);
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Docs" }),
    ).toBeVisible();
    const bands = await page.evaluate(() =>
      [...document.querySelectorAll(".card, .panel")].map((card) => {
        const style = getComputedStyle(card);
        const inner =
          card.getBoundingClientRect().top + parseFloat(style.paddingTop) + parseFloat(style.borderTopWidth);
        const content = document.createRange();
        content.selectNodeContents(card); // text and elements alike: where the first line starts
        return Math.round(content.getBoundingClientRect().top - inner);
      }),
    );
    // A few pixels are the half-leading of the first line; a band is a margin (16 px and more).
    for (const band of bands)
      expect(band, `${at}: a card's first line sits at its padding`).toBeLessThanOrEqual(6);
    const weights = await page.evaluate(() =>
      // Controls that show typed text (a checkbox has none).
      [...document.querySelectorAll("input:not([type=checkbox], [type=radio]), select, textarea")].flatMap(
        (el) => [getComputedStyle(el).fontWeight, getComputedStyle(el, "::placeholder").fontWeight],
      ),
    );
    for (const w of weights) expect(w, `${at}: input text is regular weight`).toBe("400");
    // Everything on the page, /docs's embedded reference (Scalar's markup) included, once its
    // transitions have ended: a dialog's backdrop fading in dims what is behind it mid-way.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    const axe = await new AxeBuilder({ page }).analyze();
    const found = axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(found, `${at}: axe`).toEqual([]);
    await fullScreenshot(page, `test-results/screens/${name}-${size.width}.png`);
  }
  if (before) await page.setViewportSize(before);
}

/**
 * An e-mail's HTML as a mail client shows it, at both widths: its content at most 600 px wide,
 * nothing wider than a phone; screenshots in test-results/screens/<name>-<width>.png.
 */
export async function auditEmail(browser: Browser, html: string, name: string): Promise<void> {
  for (const size of [DESK, PHONE]) {
    const page = await browser.newPage({ viewport: size });
    await page.setContent(html);
    const m = await page.evaluate(() => {
      let left = Number.POSITIVE_INFINITY;
      let right = Number.NEGATIVE_INFINITY;
      for (const el of document.querySelectorAll("h1, p, a, code, hr")) {
        const box = el.getBoundingClientRect();
        if (!box.width) continue;
        left = Math.min(left, box.left);
        right = Math.max(right, box.right);
      }
      return {
        content: right - left,
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      };
    });
    expect(m.content, `${name} at ${size.width}px: content at most 600 px`).toBeLessThanOrEqual(600);
    expect(m.scroll, `${name} at ${size.width}px: nothing overflows`).toBeLessThanOrEqual(m.inner);
    await fullScreenshot(page, `test-results/screens/${name}-${size.width}.png`);
    await page.close();
  }
}

/** Past this height a page's screenshot keeps its top: what a reviewer looks at. */
const SCREENSHOT_MAX_HEIGHT = 16_000;

/**
 * The whole page, or its top SCREENSHOT_MAX_HEIGHT pixels: Chromium draws a full-page shot in
 * one piece, and the API reference with a dialog open is some 50,000 px tall on a phone, which
 * once stalled a run for minutes.
 */
async function fullScreenshot(page: Page, path: string): Promise<void> {
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  const clip =
    height > SCREENSHOT_MAX_HEIGHT ? { x: 0, y: 0, width, height: SCREENSHOT_MAX_HEIGHT } : undefined;
  await page.screenshot({ path, fullPage: true, clip });
}
