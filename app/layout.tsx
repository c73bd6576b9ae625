// Root layout: header navigation for the site and the Studio; the API lives under /v1.
import { headers } from "next/headers";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata = {
  title: "Jobs & Salary Lookup API",
  description: "Search jobs and salary medians over a JSON API.",
};
export const viewport = { width: "device-width", initialScale: 1 };

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
        <header className="site">
          <nav aria-label="Main">
            <a className="brand" href="/">
              Jobs &amp; Salary API
            </a>
            <a href="/jobs">Jobs</a>
            <a href="/salary">Salaries</a>
            <a href="/studio">Studio</a>
          </nav>
        </header>
        <main id="main">{children}</main>
      </body>
    </html>
  );
}
