// /signin/check-email — after asking for a magic link.
import type { Metadata } from "next";
import { env } from "@/lib/core/env";
import { AccountLayout } from "../../components/account-layout";
import { titled } from "../../components/page-title";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: titled("Check your e-mail") };

export default async function CheckEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ email?: string }>;
}) {
  const { email } = await searchParams;
  const e = env();
  return (
    <>
      <h1>Check your e-mail</h1>
      <p className="lede">One more step: open the link in that e-mail to sign in.</p>
      <AccountLayout step={0}>
        <section className="card">
          <p>
            We sent a sign-in link
            {email ? (
              <>
                {" "}
                to <strong>{email}</strong>
              </>
            ) : null}
            . It works once and expires in 10 minutes.
          </p>
          <p className="muted">
            Nothing there? Look in your spam folder, or <a href="/signin">ask for a new link</a>.
          </p>
        </section>
        {e.NODE_ENV !== "production" && (
          <p className="notice info">
            Development: e-mails go to the local mail sink at{" "}
            <a href={`http://localhost:${e.MAILDEV_WEB_PORT}`}>http://localhost:{e.MAILDEV_WEB_PORT}</a>.
          </p>
        )}
      </AccountLayout>
    </>
  );
}
