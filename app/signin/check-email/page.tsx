// /signin/check-email — after asking for a magic link.
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

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
      {e.NODE_ENV !== "production" && (
        <p className="notice">
          Development: e-mails go to the local mail sink at{" "}
          <a href={`http://localhost:${e.MAILDEV_WEB_PORT}`}>http://localhost:{e.MAILDEV_WEB_PORT}</a>.
        </p>
      )}
    </>
  );
}
