// Any address the site does not have: a branded page, sent with status 404.
import type { Metadata } from "next";
import { titled } from "./components/page-title";

export const metadata: Metadata = { title: titled("Page not found") };

export default function NotFound() {
  return (
    <section className="hero">
      <p className="eyebrow">Error 404</p>
      <h1>Page not found</h1>
      <p className="lede">
        There is nothing at this address. It may have been mistyped, or the page it pointed to has moved.
      </p>
      <div className="actions">
        <a className="button" href="/">
          Go to the home page
        </a>
        <a className="button secondary" href="/jobs">
          Search jobs
        </a>
        <a className="button secondary" href="/docs">
          Read the API reference
        </a>
      </div>
    </section>
  );
}
