// Shared frame of every e-mail: readable without images, at most 600 px wide and fluid below
// that (long links wrap rather than widen it), plain-text part generated from it. Colours are the
// site's (app/globals.css).
import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

const BRAND = "#4338ca";

export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: "#f4f5f9",
          fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
          color: "#151a2d",
          margin: 0,
          padding: "16px 8px",
        }}
      >
        <Container
          style={{
            backgroundColor: "#ffffff",
            border: "1px solid #dde0e8",
            borderRadius: "12px",
            padding: "28px 24px",
            margin: "0 auto",
            width: "100%",
            maxWidth: "600px",
          }}
        >
          <Section>
            <Text style={{ margin: "0 0 8px", fontSize: "14px", fontWeight: 700, color: BRAND }}>
              Jobs &amp; Salary API
            </Text>
          </Section>
          {children}
          <Hr style={{ borderColor: "#dde0e8", margin: "24px 0 16px" }} />
          <Text style={{ fontSize: "12px", lineHeight: "18px", color: "#586074", margin: 0 }}>
            Jobs &amp; Salary Lookup API. You get this e-mail because someone used this address on our site.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const headingStyle = { fontSize: "24px", lineHeight: "32px", margin: "0 0 16px", color: "#151a2d" };

export const textStyle = { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" };

/** A link on a word ("Studio"): it wraps like the words around it. */
export const linkStyle = { color: BRAND };

/** A link shown as its URL (a magic link is ~200 characters): wraps anywhere instead of widening the e-mail. */
export const urlLinkStyle = {
  ...linkStyle,
  wordBreak: "break-all" as const,
  overflowWrap: "anywhere" as const,
};

export const buttonStyle = {
  backgroundColor: BRAND,
  color: "#ffffff",
  padding: "12px 20px",
  borderRadius: "6px",
  fontSize: "16px",
  fontWeight: 600,
  textDecoration: "none",
};
