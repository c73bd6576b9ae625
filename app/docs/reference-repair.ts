// Scalar's markup breaks a few accessibility rules that none of its options reach (axe-core,
// which the e2e runs on /docs at both widths, names each one below). These repairs are applied
// to its elements as they appear, by a MutationObserver: attributes only, never a node moved
// or removed, so Scalar (Vue) keeps rendering as it likes. Each repair is idempotent and keyed
// on Scalar's own class names; if an update of Scalar renames them, the e2e's axe check fails
// and names the element again. Colour contrast is fixed in CSS (reference-config.ts) and the
// two <main> elements in the copied bundle (scripts/copy-reference-assets.mjs).

type Repair = { selector: string; apply: (el: HTMLElement) => void };

const setAttr = (el: Element, name: string, value: string) => {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
};

const REPAIRS: Repair[] = [
  // button-name: a code block's copy button is named by text Scalar hides (display: none)
  // until the pointer or focus is on the block; screen readers browsing the page found none.
  {
    selector: "button.scalar-code-copy",
    apply: (el) => setAttr(el, "aria-label", "Copy code"),
  },
  // aria-required-attr, aria-input-field-name: Scalar's one-line editors (auth, parameters in
  // the try-it) say role="combobox" without aria-expanded or aria-controls; they are text
  // fields (a suggestion list only for {{variables}}), so they say so. The key's editor has a
  // <label> that points at its wrapper, not at it: the label's text becomes its name.
  {
    selector: ".code-input-lite__editor",
    apply: (el) => {
      setAttr(el, "role", "textbox");
      if (el.getAttribute("aria-label")?.trim() || el.hasAttribute("aria-labelledby")) return;
      const wrapper = el.closest(".code-input-lite");
      const label = wrapper?.id
        ? el.ownerDocument.querySelector(`label[for="${CSS.escape(wrapper.id)}"]`)
        : null;
      const name = label?.textContent?.trim() || el.dataset.placeholder;
      if (name) setAttr(el, "aria-label", name);
    },
  },
  // aria-allowed-role, aria-prohibited-attr, presentation-role-conflict: the try-it's "More
  // Information" buttons are given role="none" although they are buttons people press.
  {
    selector: 'button[role="none"], button[role="presentation"]',
    apply: (el) => el.removeAttribute("role"),
  },
  // aria-allowed-role: a try-it parameter left empty (not sent) shows an "Input is invalid"
  // button with role="alert", which a button may not have; its label still says it.
  {
    selector: 'button[role="alert"]',
    apply: (el) => el.removeAttribute("role"),
  },
  // link-name: the document's links (getting started, support, license) become bare icons
  // when they do not fit on one line, their text hidden with display: none. Their text is
  // their name whichever way they are shown.
  {
    selector: 'a:has(> span[class~="empty:hidden"])',
    apply: (el) => {
      const text = el.querySelector(':scope > span[class~="empty:hidden"]')?.textContent?.trim();
      if (text) setAttr(el, "aria-label", text);
    },
  },
  // aria-valid-attr-value: the try-it's copy buttons point aria-controls at an element that
  // is never rendered.
  {
    selector: 'button[class~="group/copy-button"][aria-controls]',
    apply: (el) => {
      const ids = (el.getAttribute("aria-controls") ?? "").split(/\s+/).filter(Boolean);
      if (!ids.every((id) => el.ownerDocument.getElementById(id))) el.removeAttribute("aria-controls");
    },
  },
  // aria-required-attr: Scalar's comboboxes (the search box, the filter of its pickers) never
  // say whether their list is shown. It is when the list they control is in the page.
  // label: the pickers' filter has no name at all.
  {
    selector: '[role="combobox"]',
    apply: (el) => {
      const list = el.getAttribute("aria-controls");
      setAttr(el, "aria-expanded", String(Boolean(list && el.ownerDocument.getElementById(list))));
      if (!accessibleName(el)) setAttr(el, "aria-label", "Filter the list");
    },
  },
  // aria-input-field-name: the code viewer showing a try-it response (CodeMirror) is a
  // textbox without a name; it takes the name of the section it is in ("Body").
  // scrollable-region-focusable: read-only, it cannot be focused, so a keyboard cannot scroll
  // a long response sideways (on a phone); it can now, and it says it is read-only.
  {
    selector: '.cm-content[role="textbox"]',
    apply: (el) => {
      if (el.getAttribute("contenteditable") === "false") {
        setAttr(el, "tabindex", "0");
        setAttr(el, "aria-readonly", "true");
      } else if (el.getAttribute("aria-readonly") === "true") {
        el.removeAttribute("aria-readonly");
      }
      if (accessibleName(el)) return;
      let section = el.parentElement?.closest("[aria-label], [aria-labelledby]");
      while (section && !accessibleName(section))
        section = section.parentElement?.closest("[aria-label], [aria-labelledby]");
      setAttr(el, "aria-label", (section && accessibleName(section)) || "Code");
    },
  },
  // landmark-unique: every example-responses card is a region named by its tabs ("Status:
  // 200Status: 304…"), the same for every operation with the same statuses. Named after its
  // operation instead.
  {
    selector: '.response-card[role="region"]',
    apply: (el) => {
      const operation = el.closest("section[aria-labelledby]");
      const title = operation && labelText(operation);
      if (!title) return;
      el.removeAttribute("aria-labelledby");
      setAttr(el, "aria-label", `Example responses: ${title}`);
    },
  },
];

/** The text an element's aria-labelledby points at. */
function labelText(el: Element): string {
  return (el.getAttribute("aria-labelledby") ?? "")
    .split(/\s+/)
    .map((id) => (id ? el.ownerDocument.getElementById(id)?.textContent?.trim() : ""))
    .filter(Boolean)
    .join(" ");
}

/** An element's name from its ARIA attributes, as assistive technology computes it. */
function accessibleName(el: Element): string {
  return el.hasAttribute("aria-labelledby") ? labelText(el) : (el.getAttribute("aria-label")?.trim() ?? "");
}

// landmark-unique: the try-it dialog repeats some of the reference's named sections (its
// "Authentication", its own notifications area) while the reference stays in the page behind
// it. Inside the dialog, a landmark whose name is already taken outside gets the dialog's name
// in front ("API Client: Authentication").
const LANDMARKS = 'section[aria-label], section[aria-labelledby], [role="region"]';

function nameDialogLandmarks(scope: ParentNode): void {
  for (const dialog of scope.querySelectorAll<HTMLElement>('[role="dialog"][aria-label]')) {
    const taken = new Set(
      [...scope.querySelectorAll(LANDMARKS)].filter((el) => !dialog.contains(el)).map(accessibleName),
    );
    for (const el of dialog.querySelectorAll(LANDMARKS)) {
      const name = accessibleName(el);
      if (!name || !taken.has(name)) continue;
      el.removeAttribute("aria-labelledby");
      setAttr(el, "aria-label", `${dialog.getAttribute("aria-label")}: ${name}`);
    }
  }
}

function repairAll(scope: ParentNode): void {
  for (const { selector, apply } of REPAIRS) {
    for (const el of scope.querySelectorAll<HTMLElement>(selector)) apply(el);
  }
  nameDialogLandmarks(scope);
}

/**
 * Keeps Scalar's elements inside `root` (and the popovers it mounts at the end of <body>)
 * repaired as they render. Returns the function that stops it.
 */
export function repairReference(root: HTMLElement): () => void {
  const body = root.ownerDocument.body;
  // Synchronously, in the same task as Scalar's change: nothing sees the markup unrepaired.
  const observer = new MutationObserver(() => repairAll(body));
  observer.observe(body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: [
      "role",
      "aria-label",
      "aria-labelledby",
      "aria-controls",
      "aria-expanded",
      "contenteditable",
    ],
  });
  repairAll(body);
  return () => observer.disconnect();
}
