// /unsubscribe/<token> — the link in a saved search's e-mail digest. It works without signing in,
// and only the button's POST unsubscribes: mail scanners that open every link change nothing.
import type { Metadata } from "next";
import { ok } from "@/lib/core/result";
import { unsubscribeTarget } from "@/lib/saved-searches/unsubscribe";
import { loadForPage } from "@/lib/site/page-data";
import { titled } from "../../components/page-title";
import { UnsubscribeButton } from "./unsubscribe-button";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: titled("Unsubscribe"),
  // The token is in the address: kept out of search engines and of other sites' Referer.
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const loaded = await loadForPage(async () => ok(await unsubscribeTarget(token)));
  return (
    <div className="narrow">
      <h1>Unsubscribe</h1>
      {!loaded.ok ? (
        <p className="notice error" role="alert">
          We cannot reach our database right now; please open the link again in a minute.
        </p>
      ) : !loaded.value ? (
        <div className="notice error" role="alert">
          <p>This unsubscribe link is not valid, or its saved search was deleted.</p>
          <p>
            Sign in to the <a href="/studio#saved-h">Studio</a> to see and delete your saved searches.
          </p>
        </div>
      ) : !loaded.value.subscribed ? (
        <div className="notice ok" role="status">
          <p>We no longer e-mail new jobs for «{loaded.value.name}»: there is nothing more to do.</p>
          <p>
            Your saved searches are in the <a href="/studio#saved-h">Studio</a>.
          </p>
        </div>
      ) : (
        <UnsubscribeButton token={token} name={loaded.value.name} />
      )}
    </div>
  );
}
