"use client";
// A webhook secret, the one time it is shown: after a search is saved or its secret rotated. It
// takes focus as it appears, so it is seen (and read out) wherever on the page the user was.
import { type ReactNode, useEffect, useRef } from "react";
import { CodeBlock } from "../components/code-block";

export function SecretNotice({
  label,
  secret,
  children,
}: {
  label: string;
  secret: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} className="notice ok secret-notice" role="status" tabIndex={-1}>
      <p>{children}</p>
      {/* Wrapped: a secret scrolled half out of its box gets copied by hand half-way. */}
      <CodeBlock code={secret} label={label} wrap />
      <p className="small">
        Your receiver checks each delivery&apos;s <code>Webhook-Signature</code> header with it. We keep it
        sealed and will not show it again: if you lose it, rotate it.
      </p>
    </div>
  );
}
