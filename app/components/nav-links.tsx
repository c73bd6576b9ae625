"use client";
// The main navigation; the current section is marked for sight and for screen readers.
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/jobs", label: "Jobs" },
  { href: "/salary", label: "Salaries" },
  { href: "/docs", label: "Docs" },
  { href: "/studio", label: "Studio" },
];

export function NavLinks() {
  const path = usePathname() ?? "/";
  return (
    <nav className="main-nav" aria-label="Main">
      <ul>
        {LINKS.map((l) => {
          const here = path === l.href || path.startsWith(`${l.href}/`);
          return (
            <li key={l.href}>
              <a href={l.href} aria-current={here ? "page" : undefined}>
                {l.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
