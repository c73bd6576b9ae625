// Rendering and sending the e-mails over SMTP (MailDev in development and tests).
import { render } from "@react-email/render";
import nodemailer, { type Transporter } from "nodemailer";
import type { ReactElement } from "react";
import KeyConfirmationEmail from "../../emails/key-confirmation";
import KeyRevokedEmail from "../../emails/key-revoked";
import SavedSearchDigestEmail, {
  digestSubject,
  type SavedSearchDigestProps,
} from "../../emails/saved-search-digest";
import SignInEmail from "../../emails/sign-in";
import UsageAlertEmail, { type UsageAlertEmailProps, usageAlertSubject } from "../../emails/usage-alert";
import WebhookDisabledEmail, {
  type WebhookDisabledProps,
  webhookDisabledSubject,
} from "../../emails/webhook-disabled";
import { env } from "../core/env";
import { parseMailbox } from "./mailbox";

const globalForMail = globalThis as unknown as { mailer?: Transporter };

function mailer(): Transporter {
  // Short timeouts: a dead SMTP server must fail a registration quickly, not hang it.
  globalForMail.mailer ??= nodemailer.createTransport(env().SMTP_URL, {
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return globalForMail.mailer;
}

export class MailError extends Error {}

export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

async function send(
  to: string,
  subject: string,
  element: ReactElement,
  headers?: Record<string, string>,
): Promise<void> {
  // Only one plain mailbox is ever a recipient: nodemailer reads a string as an address list
  // (names, lists, groups), so `to` goes as an address object it does not parse, and the SMTP
  // envelope names that one mailbox whatever the headers say.
  const mailbox = parseMailbox(to);
  if (!mailbox.ok) throw new MailError("could not send e-mail: the recipient is not one plain mailbox");
  const recipient = { name: "", address: mailbox.value };
  const { html, text } = await renderEmail(element);
  try {
    await mailer().sendMail({
      from: env().MAIL_FROM,
      to: recipient,
      // A plain mailbox reads back as itself (lib/mail/mailbox.test.ts holds that).
      envelope: { from: env().MAIL_FROM, to: [mailbox.value] },
      subject,
      html,
      text,
      headers,
    });
  } catch (err) {
    // The message names the SMTP failure only: never the e-mail's content (it may hold a key).
    throw new MailError(`could not send e-mail: ${(err as { code?: string }).code ?? "SMTP error"}`);
  }
}

export const sendSignIn = (to: string, url: string, minutes: number) =>
  send(
    to,
    `Sign in to ${new URL(env().APP_URL).host}`,
    SignInEmail({ url, host: new URL(env().APP_URL).host, minutes }),
  );

export const sendKeyConfirmation = (to: string, apiKey: string, confirmUrl: string, expiresAt: Date) =>
  send(
    to,
    "Your API key — confirm it to start",
    KeyConfirmationEmail({ apiKey, confirmUrl, expiresAt: expiresAt.toUTCString() }),
  );

export const sendKeyRevoked = (to: string, hint: string, revokedAt: Date) =>
  send(
    to,
    `Your API key ${hint} was revoked`,
    KeyRevokedEmail({ hint, revokedAt: revokedAt.toUTCString(), studioUrl: `${env().APP_URL}/studio` }),
  );

export const sendUsageAlert = (to: string, alert: Omit<UsageAlertEmailProps, "studioUrl">) =>
  send(to, usageAlertSubject(alert), UsageAlertEmail({ ...alert, studioUrl: `${env().APP_URL}/studio` }));

export const sendSavedSearchDigest = (
  to: string,
  digest: Omit<SavedSearchDigestProps, "studioUrl" | "jobsUrl">,
) =>
  send(
    to,
    digestSubject(digest),
    SavedSearchDigestEmail({
      ...digest,
      studioUrl: `${env().APP_URL}/studio`,
      jobsUrl: `${env().APP_URL}/jobs`,
    }),
    // Mail clients offer it as their own "unsubscribe" button; it opens the confirming page.
    { "List-Unsubscribe": `<${digest.unsubscribeUrl}>` },
  );

export const sendWebhookDisabled = (to: string, p: Omit<WebhookDisabledProps, "studioUrl">) =>
  send(to, webhookDisabledSubject(p), WebhookDisabledEmail({ ...p, studioUrl: `${env().APP_URL}/studio` }));
