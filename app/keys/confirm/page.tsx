// /keys/confirm#token=… — the link from the key confirmation e-mail.
import { ConfirmKey } from "./confirm-key";

export default function ConfirmPage() {
  return (
    <>
      <h1>Confirm your API key</h1>
      <ConfirmKey />
    </>
  );
}
