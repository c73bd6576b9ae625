// Magic-link requests are limited per target address and per client address.
import { describe, expect, it } from "vitest";
import { refusedSignIn } from "@/lib/auth/limits";
import { PEER_HEADER } from "@/lib/site/client-ip";

const ask = (email: string, ip: string) =>
  refusedSignIn(new Request("http://localhost/api/auth/signin/email", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", [PEER_HEADER]: ip }, body: new URLSearchParams({ email, csrfToken: "x" }) }));

describe("sign-in link limits", () => {
  it("allows three links per address per 15 minutes", async () => {
    const email = `lim-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) expect(await ask(email, `10.0.0.${i}`)).toBeNull();
    const refused = await ask(email.toUpperCase(), "10.0.0.9");
    expect(refused?.ok).toBe(false);
  });

  it("allows ten requests per client address per 15 minutes", async () => {
    const ip = `192.0.2.${Date.now() % 250}`;
    for (let i = 0; i < 10; i++) expect(await ask(`a${i}-${Date.now()}@example.com`, ip)).toBeNull();
    expect((await ask(`z-${Date.now()}@example.com`, ip))?.ok).toBe(false);
  });
});
