// POST /api/auth/signin/email through next-auth, the real database and the mail sink: only one
// plain mailbox is signed in and mailed, tricks that would make the mailer deliver elsewhere are
// refused before anything is stored or sent, the per-inbox limit holds against tagged
// spellings, and no callbackUrl can turn the request into a 500.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import { db } from "@/lib/core/db";
import { MailError, sendSignIn } from "@/lib/mail/send";
import { PEER_HEADER, peerHeaderValue } from "@/lib/net/client-ip";
import type { SinkMessage } from "../harness/support/mail-sink";

type Message = SinkMessage & { envelope?: { to?: { address: string }[] } };

const ctx = (...nextauth: string[]) => ({ params: Promise.resolve({ nextauth }) });
const tag = () => randomBytes(4).toString("hex");
let ipCount = 0;
const freshIp = () => `203.0.113.${100 + (++ipCount % 150)}`;

async function csrf(): Promise<{ token: string; cookie: string }> {
  const res = await nextAuthRoute.GET(new Request("http://localhost:3000/api/auth/csrf"), ctx("csrf"));
  expect(res.status).toBe(200);
  const { csrfToken } = await res.json();
  return {
    token: csrfToken,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

/** What the site's sign-in form posts (next-auth's client protocol), with a valid CSRF token. */
async function askForLink(
  email: string,
  opts: { ip?: string; fields?: Record<string, string>; cookie?: string } = {},
) {
  const { token, cookie } = await csrf();
  return nextAuthRoute.POST(
    new Request("http://localhost:3000/api/auth/signin/email", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: [cookie, opts.cookie].filter(Boolean).join("; "),
        [PEER_HEADER]: peerHeaderValue(opts.ip ?? freshIp()),
      },
      body: new URLSearchParams({
        email,
        csrfToken: token,
        callbackUrl: "/studio",
        json: "true",
        ...opts.fields,
      }),
    }),
    ctx("signin", "email"),
  );
}

async function inbox(): Promise<Message[]> {
  return (await (await fetch(`${process.env.MAIL_WEB_URL}/email`)).json()) as Message[];
}

/** Every address a message went to: its To header and its SMTP envelope (Bcc shows only there). */
const recipients = (m: Message) => [...m.to, ...(m.envelope?.to ?? [])].map((t) => t.address.toLowerCase());

async function mailsTo(match: (address: string) => boolean, settleMs = 300): Promise<Message[]> {
  await new Promise((r) => setTimeout(r, settleMs));
  return (await inbox()).filter((m) => recipients(m).some(match));
}

async function waitForMailTo(address: string): Promise<Message> {
  for (let i = 0; i < 50; i++) {
    const found = (await inbox()).find((m) => recipients(m).includes(address));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address}`);
}

const linkIn = (m: Message) =>
  new URL(
    /http:\/\/localhost:3000\/api\/auth\/callback\/email\?[^\s"<]+/.exec(m.text)![0].replaceAll("&amp;", "&"),
  );

describe("sign-in addresses", () => {
  it("mail one plain mailbox, to it alone, and store that mailbox as the identity", async () => {
    const id = tag();
    const res = await askForLink(`  Plain-${id}@Example.COM `);
    expect(res.status).toBe(200);
    expect((await res.json()).url).toMatch(/\/signin\/check-email|verify-request/);
    const address = `plain-${id}@example.com`;
    const mail = await waitForMailTo(address);
    expect([...new Set(recipients(mail))]).toEqual([address]);
    const tokens = await db().verificationToken.findMany({ where: { identifier: { contains: id } } });
    expect(tokens.map((t) => t.identifier)).toEqual([address]);
    expect(linkIn(mail).searchParams.get("email")).toBe(address);
  });

  it("sign in with the link: a session cookie, and a user whose e-mail is that mailbox", async () => {
    const id = tag();
    const address = `link-${id}@example.com`;
    expect((await askForLink(`Link-${id}@example.com`)).status).toBe(200);
    const link = linkIn(await waitForMailTo(address));
    const res = await nextAuthRoute.GET(new Request(link), ctx("callback", "email"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost:3000/studio");
    const session = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("next-auth.session-token="))
      ?.split(";")[0]
      ?.split("=")[1];
    expect(session).toBeTruthy();
    const stored = await db().session.findUnique({
      where: { sessionToken: session! },
      include: { user: true },
    });
    expect(stored?.user.email).toBe(address);
  });

  it.each([
    ["a header injection", (evil: string) => `a\r\nbcc: ${evil}`],
    ["a display name", (evil: string) => `name <${evil}>`],
    ["a list", (evil: string) => `a,${evil}`],
    ["a list after a real address", (evil: string) => `victim@example.com, ${evil}`],
    ["a group", (evil: string) => `g: ${evil};`],
    ["a quoted local part", (evil: string) => `"a@b"${evil.slice(evil.indexOf("@"))}`],
  ])("refuse %s: a 400 that says why, no mail, no token, no user", async (_, make) => {
    const id = tag();
    const evil = `x-${id}@evil.example`;
    const res = await askForLink(make(evil));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.url).toMatch(/\/signin\?error=EmailSignin$/);
    expect(body.error).toMatchObject({ code: "invalid_parameter", param: "email" });
    expect(body.error.message).toMatch(/e-mail address|@|mailbox/);
    expect(await mailsTo((a) => a.includes(id) || a.includes("evil.example"))).toEqual([]);
    expect(await db().verificationToken.count({ where: { identifier: { contains: id } } })).toBe(0);
    expect(await db().user.count({ where: { email: { contains: id } } })).toBe(0);
  });
});

describe("the per-inbox limit", () => {
  it("counts +tags and case as one inbox: 20 requests from 2 addresses reach it 3 times", async () => {
    const name = `burst-${tag()}`;
    const spellings = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? `${name}+${i}@example.com` : `${name.toUpperCase()}+${i}@EXAMPLE.COM`,
    );
    const [a, b] = [freshIp(), freshIp()];
    const answers = await Promise.all(spellings.map((email, i) => askForLink(email, { ip: i < 10 ? a : b })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
    const mails = await mailsTo(
      (address) => address.startsWith(`${name}+`) || address.startsWith(`${name}@`),
      1000,
    );
    expect(mails).toHaveLength(3);
    // And the next request for the untagged inbox is told to wait.
    const next = await askForLink(`${name}@example.com`);
    expect(next.status).toBe(429);
    expect((await next.json()).error.message).toMatch(/We already sent 3 sign-in e-mails to this address/);
  });
});

describe("callbackUrl", () => {
  it.each([
    ["an invalid port", "http://a:99999999/"],
    ["another site", "https://evil.example/steal"],
    ["a protocol-relative URL", "//evil.example/"],
  ])("%s becomes the site's home in the link, never a 500", async (_, callbackUrl) => {
    const address = `cb-${tag()}@example.com`;
    const res = await askForLink(address, { fields: { callbackUrl } });
    expect(res.status).toBe(200);
    const link = linkIn(await waitForMailTo(address));
    expect(link.searchParams.get("callbackUrl")).toMatch(/^http:\/\/localhost:3000\/?$/);
  });

  it("of our own is kept in the link", async () => {
    const address = `cb-${tag()}@example.com`;
    expect((await askForLink(address, { fields: { callbackUrl: "/studio?x=1" } })).status).toBe(200);
    const link = linkIn(await waitForMailTo(address));
    expect(link.searchParams.get("callbackUrl")).toBe("http://localhost:3000/studio?x=1");
  });

  it("in next-auth's cookie or in a GET's query is checked too", async () => {
    const address = `cb-${tag()}@example.com`;
    const res = await askForLink(address, {
      fields: { callbackUrl: "" },
      cookie: "next-auth.callback-url=http%3A%2F%2Fa%3A99999999%2F",
    });
    expect(res.status).toBe(200);
    for (const path of ["signin", "error", "verify-request"]) {
      const get = await nextAuthRoute.GET(
        new Request(`http://localhost:3000/api/auth/${path}?callbackUrl=http%3A%2F%2Fa%3A99999999%2F`),
        ctx(path),
      );
      expect(get.status, path).toBeLessThan(500);
    }
  });
});

describe("next-auth's routes, sent what no browser sends", () => {
  it("answer a parameter or path a header cannot carry, or a control character, with a JSON 400", async () => {
    for (const [url, segments, param] of [
      ["error?error=%E2%82%AC", ["error"], "error"],
      ["error?error=a%00b", ["error"], "error"],
      ["error?error=a%0Ab", ["error"], "error"],
      ["signin?callbackUrl=%2Fstudio&x=%01", ["signin"], "x"],
    ] as const) {
      const res = await nextAuthRoute.GET(new Request(`http://localhost:3000/api/auth/${url}`), {
        params: Promise.resolve({ nextauth: [...segments] }),
      });
      expect([url, res.status, res.headers.get("content-type")]).toEqual([
        url,
        400,
        expect.stringContaining("json"),
      ]);
      expect((await res.json()).error).toMatchObject({ code: "invalid_parameter", param });
    }
    const segment = await nextAuthRoute.GET(new Request("http://localhost:3000/api/auth/error/%00"), {
      params: Promise.resolve({ nextauth: ["error", "\u0000"] }),
    });
    expect(segment.status).toBe(400);
  });

  it("answer a step next-auth does not have with the JSON 404", async () => {
    for (const segments of [["foo"], ["callback", "nosuch"]]) {
      const res = await nextAuthRoute.GET(
        new Request(`http://localhost:3000/api/auth/${segments.join("/")}`),
        {
          params: Promise.resolve({ nextauth: segments }),
        },
      );
      expect([segments.join("/"), res.status, (await res.json()).error?.code]).toEqual([
        segments.join("/"),
        404,
        "not_found",
      ]);
    }
  });

  it("refuse other methods with a JSON 405 naming what is served", async () => {
    const res = await nextAuthRoute.PUT(
      new Request("http://localhost:3000/api/auth/session", { method: "PUT" }),
    );
    expect([res.status, res.headers.get("allow")]).toEqual([405, "GET, POST, HEAD, OPTIONS"]);
    expect((await res.json()).error.code).toBe("method_not_allowed");
  });

  it("take no client log reports, and read a session cookie holding a NUL as none", async () => {
    const logged = await nextAuthRoute.POST(
      new Request("http://localhost:3000/api/auth/_log", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "level=error&code=X&error=written%20by%20anyone",
      }),
      ctx("_log"),
    );
    expect(logged.status).toBe(204);
    const session = await nextAuthRoute.GET(
      new Request("http://localhost:3000/api/auth/session", {
        headers: { cookie: "next-auth.session-token=%00" },
      }),
      ctx("session"),
    );
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({});
  });
});

describe("the mailer", () => {
  it("sends to one plain mailbox only, whatever string it is handed", async () => {
    const id = tag();
    for (const to of [
      `name <x-${id}@evil.example>`,
      `a-${id}@example.com\r\nbcc: x-${id}@evil.example`,
      `a,x-${id}@evil.example`,
    ]) {
      await expect(sendSignIn(to, "http://localhost:3000/x", 10)).rejects.toBeInstanceOf(MailError);
    }
    expect(await mailsTo((a) => a.includes(id))).toEqual([]);
  });
});
