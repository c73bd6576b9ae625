// Key confirmation e-mail: the only place the key is ever shown.
import { Button, CodeInline, Heading, Link, Text } from "@react-email/components";
import { buttonStyle, EmailLayout } from "./layout";

export type KeyConfirmationEmailProps = { apiKey: string; confirmUrl: string; expiresAt: string };

export default function KeyConfirmationEmail({ apiKey, confirmUrl, expiresAt }: KeyConfirmationEmailProps) {
  return (
    <EmailLayout preview="Your API key — confirm it to start">
      <Heading as="h1">Your API key</Heading>
      <Text>
        Here is your key. This is the only time it is shown: store it now, in a password manager or your
        secrets store.
      </Text>
      <Text style={{ fontSize: "16px" }}>
        <CodeInline>{apiKey}</CodeInline>
      </Text>
      <Text>
        The key works once you confirm it. Open the link below and press “Activate key” (before {expiresAt}).
      </Text>
      <Button href={confirmUrl} style={buttonStyle}>
        Confirm your key
      </Button>
      <Text>
        Or paste this link into your browser: <Link href={confirmUrl}>{confirmUrl}</Link>
      </Text>
      <Text>
        Send it in the X-API-Key header of every request. Never put it in a URL. If you lose it, revoke it in
        the Studio and register a new one.
      </Text>
    </EmailLayout>
  );
}
