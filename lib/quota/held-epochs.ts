// The epochs a request's unanswered sends were made in. Such a send may land later and journal
// an admission in its epoch; the request may learn of it only from a later send or from settling,
// made in another epoch. Each such epoch stays open (its batch waits, as for any call in flight)
// until the request ends, so an admission found late is counted in the batch that carries its
// journal entry: a process dying between two batches cannot leave it uncharged.
import { type Epoch, journalDone, journalMayHold } from "./usage-buffer";

type Held = { epoch: Epoch; journal: string };

export class HeldEpochs {
  private readonly held = new Map<number, Held>();

  /** Keeps the call's epoch open (the call counted as in flight) until `take` or `release`. */
  hold(epoch: Epoch, journal: string): void {
    journalMayHold(epoch, journal);
    // One hold per epoch is enough: a second call in it is done now.
    if (this.held.has(epoch.id)) journalDone(epoch, journal);
    else this.held.set(epoch.id, { epoch, journal });
  }

  /** The held epoch with this id, no longer held: its admission is counted there by the caller. */
  take(id: number): Held | undefined {
    const h = this.held.get(id);
    this.held.delete(id);
    return h;
  }

  /** The request has ended: nothing more will be counted in the epochs still held. */
  release(): void {
    for (const { epoch, journal } of this.held.values()) journalDone(epoch, journal);
    this.held.clear();
  }
}
