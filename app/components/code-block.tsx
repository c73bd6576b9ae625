// A code block: a label, a one-click copy button and the code, scrolling inside its own box
// (or wrapping, for long one-line commands) so it never widens the page.
import { Fragment } from "react";
import { CopyButton } from "./copy-button";

/** A URL's query may wrap after its `?` and each `&`, never inside a `name=value`. */
const wrapPoints = (code: string) => code.split(/(?<=[?&])/);

export function CodeBlock({
  code,
  label,
  wrap = false,
  tall = false,
}: {
  code: string;
  /** What the block holds ("Request", "Response"): shown, and names the copy button. */
  label: string;
  wrap?: boolean;
  /** Long output: capped in height, scrolling inside. */
  tall?: boolean;
}) {
  return (
    <div className={["code-block", wrap && "wrap", tall && "tall"].filter(Boolean).join(" ")}>
      <div className="code-head">
        <span className="code-label">{label}</span>
        <CopyButton text={code} what={label.toLowerCase()} />
      </div>
      {/* A box that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable on purpose */}
      <pre tabIndex={0} role="region" aria-label={label}>
        <code>
          {wrap
            ? wrapPoints(code).map((part, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never reorder
                <Fragment key={i}>
                  {i > 0 && <wbr />}
                  {part}
                </Fragment>
              ))
            : code}
        </code>
      </pre>
    </div>
  );
}
