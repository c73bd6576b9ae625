// Magic-link sign-in e-mail.
import { Button, Heading, Link, Text } from "@react-email/components";
import { buttonStyle, EmailLayout } from "./layout";

export type SignInEmailProps = { url: string; host: string; minutes: number };

export default function SignInEmail({ url, host, minutes }: SignInEmailProps) {
  return (
    <EmailLayout preview={`Sign in to ${host}`}>
      <Heading as="h1">Sign in to {host}</Heading>
      <Text>Use the button below to sign in. The link works once and expires in {minutes} minutes.</Text>
      <Button href={url} style={buttonStyle}>
        Sign in
      </Button>
      <Text>
        Or paste this link into your browser: <Link href={url}>{url}</Link>
      </Text>
      <Text>If you did not ask to sign in, ignore this e-mail; nobody can sign in without the link.</Text>
    </EmailLayout>
  );
}
