"use client";
// The rendered reference of /openapi.json, with a try-it for every operation: Scalar's browser
// bundle, served by this site (scripts/copy-reference-assets.mjs) and loaded with the page's
// CSP nonce. It mounts after hydration, into a node React leaves empty, so the two never own
// the same elements.
import { useEffect, useRef, useState } from "react";

const BUNDLE = "/vendor/scalar-api-reference.js";

type Instance = { destroy: () => void };
type Scalar = { createApiReference: (el: HTMLElement, config: Record<string, unknown>) => Instance };

// The site's palette and fonts, so the reference reads as part of the page.
const CUSTOM_CSS = `.light-mode {
  --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  --scalar-color-1: #1f2328;
  --scalar-color-2: #57606a;
  --scalar-color-3: #656d76;
  --scalar-color-accent: #0b57d0;
  --scalar-background-1: #ffffff;
  --scalar-background-2: #f6f8fa;
  --scalar-background-3: #eaeef2;
  --scalar-border-color: #d0d7de;
}`;

const CONFIG = {
  url: "/openapi.json",
  // Scalar's default fonts come from its own servers: the CSP allows fonts from this site only.
  withDefaultFonts: false,
  // The document's own samples (curl, JavaScript, Python) rather than generated ones.
  hiddenClients: true,
  // Eleven operations: all of them in the sidebar at once.
  defaultOpenAllTags: true,
  // The AI agent and MCP buttons call Scalar's servers.
  agent: { disabled: true },
  mcp: { disabled: true },
  telemetry: false,
  showDeveloperTools: "never",
  // A key typed into "Test Request" stays in this page's memory; it is never written to storage.
  persistAuth: false,
  forceDarkModeState: "light",
  hideDarkModeToggle: true,
  customCss: CUSTOM_CSS,
};

let loading: Promise<Scalar> | undefined;

function loadScalar(nonce: string | undefined): Promise<Scalar> {
  const ready = (window as { Scalar?: Scalar }).Scalar;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<Scalar>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = BUNDLE;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const scalar = (window as { Scalar?: Scalar }).Scalar;
      if (scalar) resolve(scalar);
      else reject(new Error("the renderer did not start"));
    };
    script.onerror = () => {
      loading = undefined; // a later visit may try again
      script.remove();
      reject(new Error("the renderer could not be loaded"));
    };
    document.head.append(script);
  });
  return loading;
}

export function ApiReference({ nonce }: { nonce?: string }) {
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let instance: Instance | undefined;
    let cancelled = false;
    // Scalar renders its own <main>, inside the page's: one main landmark per page, so its
    // becomes a named region (assistive technology then finds the page's main first).
    const landmarks = new MutationObserver(() => {
      for (const el of mount.current?.querySelectorAll("main") ?? []) {
        el.setAttribute("role", "region");
        el.setAttribute("aria-label", "API reference");
      }
    });
    if (mount.current) landmarks.observe(mount.current, { childList: true, subtree: true });
    loadScalar(nonce).then(
      (scalar) => {
        if (cancelled || !mount.current) return;
        instance = scalar.createApiReference(mount.current, CONFIG);
        setState("ready");
      },
      () => !cancelled && setState("failed"),
    );
    return () => {
      cancelled = true;
      landmarks.disconnect();
      instance?.destroy();
    };
  }, [nonce]);

  return (
    <>
      {state === "loading" && (
        <p className="docs-loading" role="status">
          Loading the reference…
        </p>
      )}
      {state === "failed" && (
        <p className="notice error" role="alert">
          The interactive reference could not be loaded. The same information is in{" "}
          <a href="/openapi.json">/openapi.json</a>.
        </p>
      )}
      <div ref={mount} className="docs-reference" />
    </>
  );
}
