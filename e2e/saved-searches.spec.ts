// Saved searches in the Studio: one saved with a webhook (a receiver this test runs itself on
// 127.0.0.1) and the e-mail digest, its secret shown once, a signed test event that the
// delivery log shows, a rotated secret signing beside the old one, and deleting it. The server
// must allow private webhook targets (WEBHOOKS_ALLOW_PRIVATE=true): in production it refuses them.
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { audit, guardCsp, inbox, linkIn } from "./helpers";

guardCsp();

type Hit = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

/** A webhook endpoint that answers 200 to everything and keeps what it got, body byte for byte. */
async function startReceiver() {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/jobs`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The header's t and v1 signatures, checked for shape: `t=<unix>,v1=<hex>[,v1=<hex>…]`. */
function parseSignature(header: string): { t: string; v1: string[] } {
  expect(header).toMatch(/^t=\d+(,v1=[0-9a-f]{64})+$/);
  const items = header.split(",").map((item) => item.split("=") as [string, string]);
  return { t: items[0]![1], v1: items.slice(1).map(([, v]) => v) };
}

const hmac = (secret: string, t: string, body: string) =>
  createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

async function secretIn(region: Locator): Promise<string> {
  const secret = (await region.innerText()).trim();
  expect(secret).toMatch(/^whsec_\S+$/);
  return secret;
}

async function signIn(page: Page, email: string) {
  await page.goto("/signin?callbackUrl=/studio");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await page.goto(linkIn((await inbox(email, /Sign in/)).html, /\/api\/auth\/callback\/email/));
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

test("save a search with a webhook, get a signed test event, rotate its secret, delete it", async ({
  page,
}) => {
  test.slow(); // three audits at two widths each, on a two-core machine
  const receiver = await startReceiver();
  try {
    const email = `saved-${Date.now()}@example.com`;
    const name = "Python in Germany";
    await signIn(page, email);
    const saved = page.locator("section", {
      has: page.getByRole("heading", { name: "Saved searches", exact: true }),
    });
    const log = saved.getByRole("region", { name: "Delivery log" });
    await expect(saved).toContainText("0 of 1 saved search used on your plan");
    await expect(saved.getByText("No saved searches yet")).toBeVisible();
    await expect(saved.getByText("No deliveries yet")).toBeVisible();
    await saved.scrollIntoViewIfNeeded();
    await audit(page, "12-studio-saved-searches-empty");

    // Sent before the page's scripts run, the form would POST: the webhook URL never lands in a URL.
    await expect(page.locator('form[aria-labelledby="ss-add-h"]')).toHaveAttribute("method", "post");
    // Saved with the webhook and the digest: the secret appears once, beside the new search.
    await saved.getByLabel("Name").fill(name);
    await saved.getByLabel("Search", { exact: true }).fill("q=python&country=DE");
    await saved.getByLabel("Webhook URL (optional)").fill(receiver.url);
    await saved.getByLabel(/E-mail a digest/).check();
    await saved.getByRole("button", { name: "Save search" }).click();
    const item = saved.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(item).toBeVisible();
    const first = await secretIn(item.getByRole("region", { name: "Webhook secret", exact: true }));
    await expect(item).toContainText("will not be shown again");
    await expect(item.locator("code", { hasText: "country=DE" })).toBeVisible();
    await expect(item).toContainText(receiver.url);
    await expect(item).toContainText(`to ${email}`);
    await expect(item.locator(".status.active")).toHaveText("webhook active");
    // The free plan keeps one: the form is off, and says why.
    await expect(saved).toContainText("1 of 1 saved search used on your plan");
    await expect(saved.getByRole("button", { name: "Save search" })).toBeDisabled();
    await expect(saved.getByText("Your plan keeps 1 saved search")).toBeVisible();
    await audit(page, "12b-studio-saved-search-secret");

    // Shown once: a reload lists the search without its secret.
    await page.reload();
    await expect(item).toBeVisible();
    await expect(saved.getByRole("region", { name: /webhook secret/i })).toHaveCount(0);
    await expect(saved.getByText(first)).toHaveCount(0);

    // A test event: one signed POST to the receiver, and a delivered row in the log.
    await item.getByRole("button", { name: /^Send test event/ }).click();
    await expect(item.getByRole("status")).toContainText("Test event delivered");
    await expect(item.getByRole("status")).toContainText("HTTP 200");
    expect(receiver.hits).toHaveLength(1);
    const hit = receiver.hits[0]!;
    expect(hit.method).toBe("POST");
    expect(hit.path).toBe("/hooks/jobs");
    expect(hit.headers["webhook-id"]).toBeTruthy();
    const signed = parseSignature(String(hit.headers["webhook-signature"]));
    expect(signed.v1).toEqual([hmac(first, signed.t, hit.body)]);
    expect(Math.abs(Date.now() / 1000 - Number(signed.t))).toBeLessThan(300);
    expect(() => JSON.parse(hit.body)).not.toThrow();
    const row = log.getByRole("row").filter({ hasText: "Test event" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(name);
    await expect(row).toContainText("delivered");
    await expect(row).toContainText("HTTP 200");
    await expect(saved).toContainText("Deliveries this month: 1");
    await audit(page, "12c-studio-saved-search-delivered");

    // A new secret, shown once; for a day the old one still signs beside it.
    await item.getByRole("button", { name: /^Rotate secret/ }).click();
    const second = await secretIn(item.getByRole("region", { name: "New webhook secret", exact: true }));
    expect(second).not.toBe(first);
    await expect(item).toContainText("24 hours");
    await item.getByRole("button", { name: /^Send test event/ }).click();
    await expect(item.getByRole("status").filter({ hasText: "Test event" })).toContainText("HTTP 200");
    expect(receiver.hits).toHaveLength(2);
    const again = receiver.hits[1]!;
    const resigned = parseSignature(String(again.headers["webhook-signature"]));
    expect(resigned.v1).toContain(hmac(second, resigned.t, again.body));
    expect(resigned.v1).toContain(hmac(first, resigned.t, again.body));

    // Deleting asks first; Cancel keeps it.
    await item.getByRole("button", { name: /^Delete/ }).click();
    await expect(item.getByRole("alertdialog")).toContainText(`Delete «${name}»?`);
    await item.getByRole("button", { name: "Cancel" }).click();
    await expect(item.getByRole("alertdialog")).toHaveCount(0);
    await item.getByRole("button", { name: /^Delete/ }).click();
    await item.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(item).toHaveCount(0);
    await expect(saved.getByRole("status")).toContainText(`Deleted «${name}»`);
    await expect(saved.getByText("No saved searches yet")).toBeVisible();
    await expect(saved).toContainText("0 of 1 saved search used on your plan");
    await expect(saved.getByRole("button", { name: "Save search" })).toBeEnabled();
  } finally {
    await receiver.close();
  }
});

test("the unsubscribe page refuses a bad link, and never acts on opening", async ({ page }) => {
  await page.goto("/unsubscribe/ss_AAAAAAAAAAAAAAAA.not-a-real-mac");
  await expect(page).toHaveTitle("Unsubscribe · Jobs & Salary API");
  // In main: Next's route announcer is an (empty) alert too.
  await expect(page.getByRole("main").getByRole("alert")).toContainText("This unsubscribe link is not valid");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await audit(page, "13-unsubscribe-invalid");
});
