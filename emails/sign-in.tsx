// Magic-link sign-in e-mail.
import { Button, Heading, Link, Section, Text } from "@react-email/components";
import { buttonStyle, EmailLayout, headingStyle, textStyle, urlLinkStyle } from "./layout";

export type SignInEmailProps = { url: string; host: string; minutes: number };

export default function SignInEmail({ url, host, minutes }: SignInEmailProps) {
  return (
    <EmailLayout preview={`Sign in to ${host}`}>
      <Heading as="h1" style={headingStyle}>
        Sign in to {host}
      </Heading>
      <Text style={textStyle}>
        Use the button below to sign in. The link works once and expires in {minutes} minutes.
      </Text>
      <Section style={{ margin: "8px 0 24px" }}>
        <Button href={url} style={buttonStyle}>
          Sign in
        </Button>
      </Section>
      <Text style={{ ...textStyle, fontSize: "14px", lineHeight: "20px" }}>
        Or paste this link into your browser:{" "}
        <Link href={url} style={urlLinkStyle}>
          {url}
        </Link>
      </Text>
      <Text style={{ ...textStyle, marginBottom: 0 }}>
        If you did not ask to sign in, ignore this e-mail; nobody can sign in without the link.
      </Text>
    </EmailLayout>
  );
}
