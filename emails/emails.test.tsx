import { describe, expect, it } from "vitest";
import { renderEmail } from "../lib/mail/send";
import KeyConfirmationEmail from "./key-confirmation";
import KeyRevokedEmail from "./key-revoked";
import SignInEmail from "./sign-in";
import UsageAlertEmail, { usageAlertSubject } from "./usage-alert";

describe("e-mail templates", () => {
  it("sign-in: the link in both parts", async () => {
    const url = "http://localhost:3000/api/auth/callback/email?token=abc&email=a%40b.c";
    const { html, text } = await renderEmail(SignInEmail({ url, host: "localhost:3000", minutes: 10 }));
    expect(html).toContain(
      'href="http://localhost:3000/api/auth/callback/email?token=abc&amp;email=a%40b.c"',
    );
    expect(text).toContain(url);
    expect(text).toContain("expires in 10 minutes");
  });

  it("key confirmation: the key once, the link, and the expiry in both parts", async () => {
    const props = {
      apiKey: "jsk_ABCDEFGHIJKLMNOPQRSTUVWXYZabcd0123ab",
      confirmUrl: "http://localhost:3000/keys/confirm#token=xyz",
      expiresAt: "Sun, 22 Nov 2026 18:00:00 GMT",
    };
    const { html, text } = await renderEmail(KeyConfirmationEmail(props));
    for (const part of [html, text]) {
      expect(part).toContain(props.apiKey);
      expect(part).toContain(props.confirmUrl);
      expect(part).toContain(props.expiresAt);
    }
    expect(text).toMatch(/only time it is shown/);
  });

  it("key revoked: the hint, never a key", async () => {
    const { html, text } = await renderEmail(
      KeyRevokedEmail({
        hint: "jsk_…abcd",
        revokedAt: "Sat, 21 Nov 2026 18:00:00 GMT",
        studioUrl: "http://localhost:3000/studio",
      }),
    );
    expect(text).toContain("jsk_…abcd");
    expect(html).toContain("http://localhost:3000/studio");
    expect(text).not.toMatch(/jsk_[0-9A-Za-z]{20,}/);
  });

  it("usage alert: the numbers, the reset, the way to turn it off, in both parts", async () => {
    const alert = {
      window: "monthly" as const,
      threshold: 100 as const,
      used: 150_000,
      limit: 150_000,
      resetsAt: "Tue, 01 Dec 2026 00:00:00 GMT",
      studioUrl: "http://localhost:3000/studio",
    };
    const { html, text } = await renderEmail(UsageAlertEmail(alert));
    expect(usageAlertSubject(alert)).toBe("You have used all of this month's API quota");
    expect(usageAlertSubject({ window: "daily", threshold: 80 })).toBe(
      "You have used 80 % of today's API quota",
    );
    for (const part of [html, text]) {
      expect(part).toContain("150,000 of the 150,000 in your monthly quota");
      expect(part).toContain("Tue, 01 Dec 2026 00:00:00 GMT");
    }
    expect(text).toMatch(/turned off in the\s+Studio/);
    expect(html).toContain("http://localhost:3000/studio");
  });
});
