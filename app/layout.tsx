// Root layout for the site's pages; the API lives under /v1.
import type { ReactNode } from "react";

export const metadata = { title: "Jobs & Salary Lookup API", description: "Search jobs and salary medians over a JSON API." };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", maxWidth: 760, margin: "2rem auto", padding: "0 1rem", lineHeight: 1.5 }}>
        {children}
      </body>
    </html>
  );
}
