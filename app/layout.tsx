// Root layout: the header (brand and main navigation) and footer of every page; the API lives
// under /v1 and its reference at /docs.
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Logo } from "./components/logo";
import { NavLinks } from "./components/nav-links";
// The stylesheets, in cascade order: tokens and elements first, then the components.
import "./globals.css";
import "./styles/frame.css";
import "./styles/forms.css";
import "./styles/code.css";
import "./styles/jobs.css";
import "./styles/studio.css";
import "./styles/saved-searches.css";
import "./styles/home.css";
import "./styles/salary.css";

export const metadata: Metadata = {
  title: "Jobs & Salary Lookup API",
  description: "Search jobs and look up salary medians over a JSON API.",
};
export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4338ca" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry this request's CSP nonce (proxy.ts),
  // which a prerendered page could not.
  await headers();
  return (
    <html lang="en">
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <div className="bar">
            <a className="brand" href="/">
              <Logo />
              Jobs &amp; Salary API
            </a>
            <NavLinks />
          </div>
        </header>
        <main id="main">{children}</main>
        <footer className="site-footer">
          <div className="bar">
            <p className="small" style={{ margin: 0 }}>
              A read-only JSON API over a job catalog snapshot and salary medians.
            </p>
            <nav aria-label="Footer">
              <ul>
                <li>
                  <a href="/docs">API reference</a>
                </li>
                <li>
                  <a href="/openapi.json">OpenAPI document</a>
                </li>
                <li>
                  <a href="/#plans">Plans</a>
                </li>
                <li>
                  <a href="/studio">Studio</a>
                </li>
              </ul>
            </nav>
          </div>
        </footer>
      </body>
    </html>
  );
}
