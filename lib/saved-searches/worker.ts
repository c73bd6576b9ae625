// The deliveries' loop in each server process: plan the imports that went live, then send what
// is due; never two rounds at once in one process (others run their own, claims keep them apart).
import { log } from "../core/log";
import { planDeliveries } from "./plan";
import { sendDueDeliveries } from "./sender";

const POLL_MS = 2_000;
const g = globalThis as unknown as { deliveryWorker?: NodeJS.Timeout };

export function startDeliveryWorker(): void {
  if (g.deliveryWorker) return;
  let running = false;
  g.deliveryWorker = setInterval(() => {
    if (running) return;
    running = true;
    planDeliveries()
      .then(() => sendDueDeliveries())
      .catch((err) => log.warn("delivery round failed; will retry", { error: String(err) }))
      .finally(() => {
        running = false;
      });
  }, POLL_MS);
  g.deliveryWorker.unref();
}
