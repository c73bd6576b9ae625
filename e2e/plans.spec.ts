// Buying a plan from the Studio: Upgrade goes to Stripe's Checkout (the e2e's stand-in for
// Stripe), Stripe's signed webhook changes the plan, and the Studio and the API show it.
import { expect, test } from "@playwright/test";
import Stripe from "stripe";
import { audit, guardCsp, inbox, linkIn } from "./helpers";

guardCsp();

test("upgrade in the Studio: checkout, the webhook, the new plan from the next request", async ({
  page,
  request,
}) => {
  test.slow();
  const stripeUrl = process.env.E2E_STRIPE_URL ?? "";
  const secret = process.env.E2E_STRIPE_WEBHOOK_SECRET ?? "";
  const email = `plans-${Date.now()}@example.com`;
  await page.goto("/signin?callbackUrl=/studio");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await page.goto(linkIn((await inbox(email, /Sign in/)).html, /\/api\/auth\/callback\/email/));
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  const plans = page.locator("section", { has: page.getByRole("heading", { name: "Plan", exact: true }) });
  await expect(plans.locator("li.current")).toContainText("Free");

  await plans.getByRole("button", { name: "Upgrade to Builder" }).click();
  await expect(page).toHaveURL(`${stripeUrl}/c/pay/cs_test_1`);
  await expect(page.getByRole("heading", { name: "Stripe stand-in" })).toBeVisible();
  // What the Studio asked Stripe for: a subscription to the Builder price, for this user.
  const seen = (await (await request.get(`${stripeUrl}/__seen`)).json()) as {
    path: string;
    form: Record<string, string>;
  }[];
  const checkout = seen.filter((c) => c.path === "/v1/checkout/sessions").at(-1);
  expect(checkout?.form).toMatchObject({
    mode: "subscription",
    "line_items[0][price]": "price_builder_e2e",
    customer_email: email,
    "metadata[tier]": "builder",
  });

  // Back from Checkout before Stripe's webhook: the Studio says the plan follows the payment.
  await page.goto("/studio?billing=success");
  await expect(page.getByRole("status")).toContainText("as soon as Stripe confirms the payment");
  await expect(plans.locator("li.current")).toContainText("Free");

  // Stripe confirms: its signed event, as it would send it.
  const userId = checkout?.form.client_reference_id ?? "";
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: "cs_test_1",
        object: "checkout.session",
        client_reference_id: userId,
        customer: `cus_e2e_${userId}`,
        subscription: `sub_e2e_${userId}`,
        metadata: { user_id: userId, tier: "builder" },
      },
    },
  });
  const signature = new Stripe("sk_test_signer").webhooks.generateTestHeaderString({ payload, secret });
  const hook = await request.post("/api/billing/webhook", {
    data: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
  expect(hook.status()).toBe(200);
  expect(await hook.json()).toMatchObject({ outcome: "applied", tier: "builder" });

  await page.goto("/studio");
  await expect(plans.locator("li.current")).toContainText("Builder");
  await expect(plans.getByRole("button", { name: "Manage billing" })).toBeVisible();
  await expect(plans.getByRole("button", { name: /^Upgrade/ })).toHaveCount(0);
  await audit(page, "11-studio-paid-plan");

  await plans.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveURL(`${stripeUrl}/p/session/bps_1`);
});
