// Magic-link requests are limited per client address and per (normalised) target address.
import { describe, expect, it } from "vitest";
import { AddressLimited, refusedSignInFrom, spendAddressBudget } from "@/lib/auth/limits";
import { PEER_HEADER, peerHeaderValue } from "@/lib/net/client-ip";

const from = (ip: string) =>
  refusedSignInFrom(
    new Request("http://localhost/api/auth/signin/email", {
      method: "POST",
      headers: { [PEER_HEADER]: peerHeaderValue(ip) },
    }),
  );

describe("sign-in link limits", () => {
  it("allows three links per address per 15 minutes, whatever the case", async () => {
    const email = `lim-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) await spendAddressBudget(email);
    await expect(spendAddressBudget(email.toUpperCase())).rejects.toBeInstanceOf(AddressLimited);
  });

  it("allows ten requests per client address per 15 minutes", async () => {
    const ip = `192.0.2.${Date.now() % 250}`;
    for (let i = 0; i < 10; i++) expect(await from(ip)).toBeNull();
    expect((await from(ip))?.ok).toBe(false);
    expect(await from("192.0.2.251")).toBeNull();
  });
});
