import { describe, expect, it } from "vitest";
import { renderEmail } from "../lib/mail/send";
import KeyConfirmationEmail from "./key-confirmation";
import KeyRevokedEmail from "./key-revoked";
import SignInEmail from "./sign-in";

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
});
