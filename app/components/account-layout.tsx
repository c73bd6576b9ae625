// The sign-in, check-your-e-mail and key-confirmation pages: the step itself on the left, and
// beside it (below it on a phone) where that step leads, so none is a lone form on an empty page.
import { TIERS } from "@/lib/core/plans";

const STEPS: [string, React.ReactNode][] = [
  ["Sign in", "with a link we e-mail you; no password."],
  ["Register a key", "in the Studio. It arrives by e-mail, shown that once."],
  ["Confirm it", "with the link beside the key in that e-mail."],
  [
    "Call the API",
    <>
      with the key in the <code>X-API-Key</code> header: {TIERS.free.daily} requests a day free.
    </>,
  ],
];

export function AccountLayout({ step, children }: { step: number; children: React.ReactNode }) {
  return (
    <div className="account-layout">
      <div className="account-main">{children}</div>
      <aside className="card account-aside" aria-labelledby="account-steps-h">
        <h2 id="account-steps-h">From sign-in to your first request</h2>
        <ol className="account-steps">
          {STEPS.map(([name, text], i) => (
            <li key={name} aria-current={i === step ? "step" : undefined}>
              <strong>{name}</strong> {text}
            </li>
          ))}
        </ol>
        <p className="muted">
          Questions first? The <a href="/docs">docs</a> show every endpoint, and the{" "}
          <a href="/#plans">plans</a> what each allows.
        </p>
      </aside>
    </div>
  );
}
