// /keys/confirm#token=… — the link from the key confirmation e-mail.
import type { Metadata } from "next";
import { AccountLayout } from "../../components/account-layout";
import { titled } from "../../components/page-title";
import { ConfirmKey } from "./confirm-key";

export const metadata: Metadata = { title: titled("Confirm your API key") };

export default function ConfirmPage() {
  return (
    <>
      <h1>Confirm your API key</h1>
      <p className="lede">
        Activating the key from your e-mail makes it work: until then the API answers it with 401
        key_inactive.
      </p>
      <AccountLayout step={2}>
        <ConfirmKey />
      </AccountLayout>
    </>
  );
}
