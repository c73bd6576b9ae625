"use client";
// Copies a code block's text. The clipboard API needs a secure context; on plain http (a
// development machine) the older execCommand path still works. No inline script: this runs from
// Next's own nonced bundle.
import { useEffect, useState } from "react";

function copyWithSelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const done = document.execCommand("copy");
  area.remove();
  return done;
}

export function CopyButton({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(t);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState(copyWithSelection(text) ? "copied" : "failed");
    }
  }

  return (
    <>
      <button type="button" className="copy" data-state={state} onClick={copy}>
        {state === "copied" ? "Copied" : state === "failed" ? "Select and copy" : "Copy"}
        <span className="visually-hidden"> {what}</span>
      </button>
      <span className="visually-hidden" aria-live="polite">
        {state === "copied" ? `${what} copied to the clipboard` : ""}
      </span>
    </>
  );
}
