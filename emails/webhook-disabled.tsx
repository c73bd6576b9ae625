// Sent when a saved search's webhook has failed every delivery for three days and is turned off.
import { Heading, Link, Text } from "@react-email/components";
import { EmailLayout, headingStyle, linkStyle, textStyle } from "./layout";

export type WebhookDisabledProps = {
  searchName: string;
  /** The endpoint's host only: its path or query may hold a token of the user's. */
  host: string;
  failingSince: string;
  studioUrl: string;
};

export const webhookDisabledSubject = (p: Pick<WebhookDisabledProps, "searchName">) =>
  `Webhook for “${p.searchName}” turned off`;

export default function WebhookDisabledEmail(p: WebhookDisabledProps) {
  return (
    <EmailLayout preview={webhookDisabledSubject(p)}>
      <Heading as="h1" style={headingStyle}>
        Webhook turned off
      </Heading>
      <Text style={textStyle}>
        {`Every delivery to ${p.host} for your saved search “${p.searchName}” has failed since ${p.failingSince}, so we stopped sending to it. Deliveries that failed are not sent again.`}
      </Text>
      <Text style={{ ...textStyle, marginBottom: 0 }}>
        Fix the endpoint, send it a test event from the{" "}
        <Link href={p.studioUrl} style={linkStyle}>
          Studio
        </Link>{" "}
        (its delivery log shows each failure), then turn the webhook back on there.
      </Text>
    </EmailLayout>
  );
}
