// Sent when a key is revoked, so its owner learns of it whoever did it.
import { Heading, Link, Text } from "@react-email/components";
import { EmailLayout, headingStyle, linkStyle, textStyle } from "./layout";

export type KeyRevokedEmailProps = { hint: string; revokedAt: string; studioUrl: string };

export default function KeyRevokedEmail({ hint, revokedAt, studioUrl }: KeyRevokedEmailProps) {
  return (
    <EmailLayout preview={`Your API key ${hint} was revoked`}>
      <Heading as="h1" style={headingStyle}>
        API key revoked
      </Heading>
      <Text style={textStyle}>
        The key {hint} was revoked at {revokedAt} and no longer works. Requests with it are refused with 401
        invalid_key.
      </Text>
      <Text style={{ ...textStyle, marginBottom: 0 }}>
        If that was not you, sign in to the{" "}
        <Link href={studioUrl} style={linkStyle}>
          Studio
        </Link>{" "}
        and register a new key.
      </Text>
    </EmailLayout>
  );
}
