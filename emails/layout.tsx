// Shared frame of every e-mail: readable without images, plain-text part generated from it.
import { Body, Container, Head, Hr, Html, Preview, Text } from "@react-email/components";
import type { ReactNode } from "react";

export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: "#f6f7f9",
          fontFamily: "system-ui, -apple-system, Segoe UI, sans-serif",
          color: "#1f2328",
        }}
      >
        <Container
          style={{
            backgroundColor: "#ffffff",
            padding: "32px",
            margin: "24px auto",
            maxWidth: "560px",
            borderRadius: "8px",
          }}
        >
          {children}
          <Hr />
          <Text style={{ fontSize: "12px", color: "#57606a" }}>
            Jobs &amp; Salary Lookup API. You get this e-mail because someone used this address on our site.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const buttonStyle = {
  backgroundColor: "#0b57d0",
  color: "#ffffff",
  padding: "12px 20px",
  borderRadius: "6px",
  fontWeight: 600,
  textDecoration: "none",
};
