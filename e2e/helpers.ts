// Shared by the browser tests: the mail sink's inbox and page screenshots.
import type { Page } from "@playwright/test";
import { waitForMail } from "../scripts/mail-sink";

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

/** Full-page screenshots of every page the journey visits, kept in test-results/screens. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
