// How /docs configures Scalar's reference: what it shows, what it must never fetch, and the
// site's palette. Shared by the page's component (api-reference.tsx).

// The site's palette and fonts, so the reference reads as part of the page. Scalar's own
// method and syntax colours (#0082d0, #069061, #ef0006, #ff5800 …) are 3–4:1 on its light
// backgrounds; these are at least 4.5:1 on all of them (#ffffff, #f6f8fa, #eaeef2), as WCAG AA
// asks of text (axe: color-contrast). The same for the dark code cards (#0f0f0f to #2b2b2b). The selector outranks Scalar's own .light-mode rules,
// including those it adds for wide-gamut (display-p3) screens.
const CUSTOM_CSS = `body.light-mode, .scalar-app.light-mode {
  --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  --scalar-color-1: #1f2328;
  --scalar-color-2: #57606a;
  --scalar-color-3: #656d76;
  --scalar-color-accent: #0b57d0;
  --scalar-color-blue: #0b57d0;
  --scalar-color-green: #13693a;
  --scalar-color-red: #b42318;
  --scalar-color-orange: #b54708;
  --scalar-color-yellow: #7d6200;
  --scalar-color-purple: #5203d1;
  --scalar-color-query: #006b70;
  --scalar-background-1: #ffffff;
  --scalar-background-2: #f6f8fa;
  --scalar-background-3: #eaeef2;
  --scalar-border-color: #d0d7de;
}
.light-mode .dark-mode, body.dark-mode {
  --scalar-color-blue: #79c0ff;
  --scalar-color-green: #3fb950;
  --scalar-color-red: #ff7b72;
  --scalar-color-orange: #ffa657;
  --scalar-color-yellow: #e3b341;
  --scalar-color-purple: #d2a8ff;
}`;

export const REFERENCE_CONFIG = {
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
