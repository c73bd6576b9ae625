// /keys/confirm#token=… — the link from the key confirmation e-mail.
import type { Metadata } from "next";
import { titled } from "../../components/page-title";
import { ConfirmKey } from "./confirm-key";

export const metadata: Metadata = { title: titled("Confirm your API key") };

export default function ConfirmPage() {
  return (
    <div className="narrow">
      <h1>Confirm your API key</h1>
      <ConfirmKey />
    </div>
  );
}
