// Key confirmation e-mail: the only place the key is ever shown.
import { Button, Heading, Link, Section, Text } from "@react-email/components";
import { KEY_EXPORT } from "../lib/core/key-placeholder";
import { buttonStyle, EmailLayout, headingStyle, textStyle, urlLinkStyle } from "./layout";

const keyStyle = {
  display: "block",
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  fontSize: "15px",
  lineHeight: "22px",
  color: "#151a2d",
  backgroundColor: "#eef0ff",
  border: "1px solid #c7cbf5",
  borderRadius: "6px",
  padding: "12px 14px",
  wordBreak: "break-all" as const,
};

// The export line sits inside a sentence: the key's font, at the sentence's size, kept on one line.
const inlineCodeStyle = {
  fontFamily: keyStyle.fontFamily,
  fontSize: "14px",
  backgroundColor: keyStyle.backgroundColor,
  borderRadius: "4px",
  padding: "1px 4px",
  whiteSpace: "nowrap" as const,
};

export type KeyConfirmationEmailProps = { apiKey: string; confirmUrl: string; expiresAt: string };

export default function KeyConfirmationEmail({ apiKey, confirmUrl, expiresAt }: KeyConfirmationEmailProps) {
  return (
    <EmailLayout preview="Your API key — confirm it to start">
      <Heading as="h1" style={headingStyle}>
        Your API key
      </Heading>
      <Text style={textStyle}>
        Here is your key. This is the only time it is shown: store it now, in a password manager or your
        secrets store.
      </Text>
      {/* A plain <code>, not react-email's CodeInline: that one renders a hidden second copy for
          one webmail client, which the text part and style-stripping clients show glued on. */}
      <Text style={{ ...textStyle, margin: "0 0 24px" }}>
        <code style={keyStyle}>{apiKey}</code>
      </Text>
      <Text style={textStyle}>
        The key works once you confirm it. Open the link below and press “Activate key” (before {expiresAt}).
      </Text>
      <Section style={{ margin: "8px 0 24px" }}>
        <Button href={confirmUrl} style={buttonStyle}>
          Confirm your key
        </Button>
      </Section>
      <Text style={{ ...textStyle, fontSize: "14px", lineHeight: "20px" }}>
        Or paste this link into your browser:{" "}
        <Link href={confirmUrl} style={urlLinkStyle}>
          {confirmUrl}
        </Link>
      </Text>
      <Text style={{ ...textStyle, marginBottom: 0 }}>
        Keep it in an environment variable; every example in the docs and the Studio reads it from there:{" "}
        <code style={inlineCodeStyle}>{KEY_EXPORT}</code> (with your key). Send it in the X-API-Key header of
        every request. Never put it in a URL. If you lose it, revoke it in the Studio and register a new one.
      </Text>
    </EmailLayout>
  );
}
