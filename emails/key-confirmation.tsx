// Key confirmation e-mail: the only place the key is ever shown.
import { Button, Heading, Link, Text } from "@react-email/components";
import { buttonStyle, EmailLayout } from "./layout";

const keyStyle = {
  display: "block",
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: "15px",
  backgroundColor: "#f6f8fa",
  border: "1px solid #d0d7de",
  borderRadius: "6px",
  padding: "10px 12px",
  wordBreak: "break-all" as const,
};

export type KeyConfirmationEmailProps = { apiKey: string; confirmUrl: string; expiresAt: string };

export default function KeyConfirmationEmail({ apiKey, confirmUrl, expiresAt }: KeyConfirmationEmailProps) {
  return (
    <EmailLayout preview="Your API key — confirm it to start">
      <Heading as="h1">Your API key</Heading>
      <Text>
        Here is your key. This is the only time it is shown: store it now, in a password manager or your
        secrets store.
      </Text>
      {/* A plain <code>, not react-email's CodeInline: that one renders a hidden second copy for
          one webmail client, which the text part and style-stripping clients show glued on. */}
      <Text style={{ margin: "16px 0" }}>
        <code style={keyStyle}>{apiKey}</code>
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
