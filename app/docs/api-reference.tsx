"use client";
// The rendered reference of /openapi.json, with a try-it for every operation: Scalar's browser
// bundle, served by this site (scripts/copy-reference-assets.mjs) and loaded with the page's
// CSP nonce. It mounts after hydration, into a node React leaves empty, so the two never own
// the same elements.
import { useEffect, useRef, useState } from "react";
import { REFERENCE_CONFIG } from "./reference-config";
import { repairReference } from "./reference-repair";

const BUNDLE = "/vendor/scalar-api-reference.js";

type Instance = { destroy: () => void };
type Scalar = { createApiReference: (el: HTMLElement, config: Record<string, unknown>) => Instance };

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
    // Names, roles and landmarks Scalar gets wrong, mended as it renders (reference-repair.ts).
    const stopRepairs = mount.current ? repairReference(mount.current) : undefined;
    loadScalar(nonce).then(
      (scalar) => {
        if (cancelled || !mount.current) return;
        instance = scalar.createApiReference(mount.current, REFERENCE_CONFIG);
        setState("ready");
      },
      () => !cancelled && setState("failed"),
    );
    return () => {
      cancelled = true;
      stopRepairs?.();
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
