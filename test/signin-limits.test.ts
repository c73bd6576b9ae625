// Magic-link requests are limited per client address and per (normalised) target address; a
// refusal says how long to wait, and is logged as one line (an expected refusal, not a crash).
process.env.LOG_LEVEL = "info";

import { afterEach, describe, expect, it, vi } from "vitest";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import { AddressLimited, refusedSignInFrom, spendSignInLimit, waitText } from "@/lib/auth/limits";
import { authOptions } from "@/lib/auth/options";
import { type Mailbox, parseMailbox } from "@/lib/mail/mailbox";
import { PEER_HEADER, peerHeaderValue } from "@/lib/net/client-ip";
import { capturedLines } from "./support/output";

const from = (ip: string) =>
  refusedSignInFrom(
    new Request("http://localhost/api/auth/signin/email", {
      method: "POST",
      headers: { [PEER_HEADER]: peerHeaderValue(ip) },
    }),
  );

/** What a browser's sign-in form posts (next-auth's client), from its own address. */
const askForLink = (email: string, ip: string) =>
  nextAuthRoute.POST(
    new Request("http://localhost:3000/api/auth/signin/email", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", [PEER_HEADER]: peerHeaderValue(ip) },
      body: new URLSearchParams({ email, csrfToken: "x", callbackUrl: "/studio", json: "true" }),
    }),
    { params: Promise.resolve({ nextauth: ["signin", "email"] }) },
  );

afterEach(() => vi.restoreAllMocks());

const mailbox = (raw: string) => {
  const r = parseMailbox(raw);
  if (!r.ok) throw new Error(r.message);
  return r.value as Mailbox;
};

describe("sign-in link limits", () => {
  it("allows three links per address per 15 minutes, whatever the case", async () => {
    const email = `lim-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) await spendSignInLimit(mailbox(email));
    await expect(spendSignInLimit(mailbox(email.toUpperCase()))).rejects.toBeInstanceOf(AddressLimited);
  });

  it("allows ten requests per client address per 15 minutes", async () => {
    const ip = `192.0.2.${Date.now() % 250}`;
    for (let i = 0; i < 10; i++) expect(await from(ip)).toBeNull();
    expect((await from(ip))?.ok).toBe(false);
    expect(await from("192.0.2.251")).toBeNull();
  });

  it("counts tagged and differently-cased spellings of one inbox as one", async () => {
    const name = `tags-${Date.now()}`;
    await spendSignInLimit(mailbox(`${name}+1@example.com`));
    await spendSignInLimit(mailbox(`${name.toUpperCase()}+2@EXAMPLE.COM`));
    await spendSignInLimit(mailbox(`${name}@example.com`));
    await expect(spendSignInLimit(mailbox(`${name}+4@example.com`))).rejects.toBeInstanceOf(AddressLimited);
  });

  it("says how long to wait", () => {
    expect(waitText(40)).toBe("40 seconds");
    expect(waitText(61)).toBe("about 2 minutes");
    expect(waitText(60)).toBe("about a minute");
    expect(waitText(14 * 60 + 3)).toBe("about 15 minutes");
  });
});

describe("the fourth sign-in e-mail for one address", () => {
  it("is a 429 that says how long to wait (not 'check the address'), logged in one line", async () => {
    const email = `fourth-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) await spendSignInLimit(mailbox(email));
    let res: Response | undefined;
    const lines = await capturedLines(async () => {
      res = await askForLink(email.toUpperCase(), "198.51.100.40");
    });
    expect(res?.status).toBe(429);
    const wait = Number(res?.headers.get("retry-after"));
    // The window slides: the wait is until the limiter has room again, at most 15 minutes.
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(900);
    const body = await res?.json();
    expect(body.url).toMatch(/\/signin\?error=RateLimited$/);
    expect(body.error.message).toContain(`wait ${waitText(wait)}`);
    expect(body.error.message).not.toMatch(/check the address/i);
    expect(body.error.retry_after_seconds).toBe(wait);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", msg: "sign-in e-mail refused" });
    expect(lines[0]).not.toContain(email); // addresses stay out of the log
  });

  it("a refusal inside next-auth is one line too; an unexpected error keeps its stack", async () => {
    const logError = authOptions().logger!.error!;
    const expected = await capturedLines(async () =>
      logError("SIGNIN_EMAIL_ERROR", { error: new AddressLimited("x"), providerId: "email" } as never),
    );
    expect(expected).toHaveLength(1);
    expect(expected[0]).not.toMatch(/\n|\s+at /);
    const unexpected = await capturedLines(async () =>
      logError("SIGNIN_EMAIL_ERROR", { error: new Error("smtp exploded"), providerId: "email" } as never),
    );
    expect(unexpected).toHaveLength(1);
    expect(JSON.parse(unexpected[0]!).error).toMatch(/smtp exploded[\s\S]*at /);
  });
});
