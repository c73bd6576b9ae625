// A request whose send went unanswered but landed, admitting it, learns of that later (from
// settling, in another epoch of the usage buffer). It is charged once, in the batch that carries
// the journal entry the send wrote: with that epoch's batch when it is answered in time, and
// never again by the sweeper when it is answered after the flush stopped waiting for it. The
// same holds for a request admitted at once and answered late.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { consume } from "@/lib/quota/admission";
import { parseJournalKey } from "@/lib/quota/journal";
import { setQuotaTransport } from "@/lib/quota/redis-engine";
import { flushUsage, usageInstance } from "@/lib/quota/usage-buffer";
import { sweepNow } from "@/lib/quota/usage-sweeper";
import { closeRedis } from "@/lib/redis/client";
import { chargedUnits } from "./support/api-keys";
import { catalogAndClient } from "./support/fixtures";
import { keyWithUnits, timedOut } from "./support/quota-keys";

const admin = catalogAndClient();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const g = globalThis as unknown as { redisBreaker: { downUntil: number } };

afterEach(() => {
  setQuotaTransport(null);
  g.redisBreaker.downUntil = 0;
});
afterAll(() => closeRedis());

/** The first admitting send lands 100 ms late, admitting; every other one is lost. */
function firstSendLandsLate() {
  const sent = { journal: "", landed: Promise.resolve<unknown>(undefined) };
  let sends = 0;
  setQuotaTransport(async (script, keys, args) => {
    if (keys.length !== 5 || args[6] === "1") return script.exec(keys, args);
    if (sends++ === 0) {
      sent.journal = keys[4] as string;
      sent.landed = sleep(100).then(() => script.exec(keys, args));
    } else await sleep(5);
    throw timedOut();
  });
  return sent;
}

const landedBatch = async (journal: string) => {
  const id = `${usageInstance()}:${parseJournalKey(journal)?.epoch}`;
  return (await admin.query("SELECT 1 FROM usage_batches WHERE id = $1", [id])).rowCount;
};

describe("an admission found by settling in a later epoch", () => {
  it("is charged with the batch of the epoch whose journal holds it", async () => {
    const { id, hash, now, usedBefore } = await keyWithUnits(admin);
    const sent = firstSendLandsLate();
    const request = consume(hash, now);
    await sleep(300);
    // The first send's epoch closes while the request still waits for Redis; this flush resolves
    // once that epoch's batch has landed, before any batch of a later epoch.
    const charged = flushUsage().then(() => chargedUnits(admin, id));
    const r = await request;
    expect(((await sent.landed) as string[])[0]).toBe("ok");
    expect(r.ok && r.charge.backend).toBe("redis");
    // Counted in settling's epoch, a process dying before that epoch's batch would leave it
    // uncharged: the sweeper finds the journal's own batch landed, and skips it.
    expect(await charged).toBe(usedBefore + 1);
    expect(await landedBatch(sent.journal)).toBe(1);
    await flushUsage();
    expect(await chargedUnits(admin, id)).toBe(usedBefore + 1);
  }, 30_000);

  it("answered after the flush stopped waiting for it, is charged once: the sweeper skips its journal", async () => {
    const { id, hash, now, usedBefore } = await keyWithUnits(admin);
    await flushUsage(); // the key's first units are in batches of their own
    const sent = firstSendLandsLate();
    // Counted once answered (as the routes do); the answer comes after the flush's drain.
    const r = await consume(hash, now, { lookup: true, countWhenAnswered: true });
    expect(r.ok && r.charge.backend).toBe("redis");
    expect(((await sent.landed) as string[])[0]).toBe("ok");
    await flushUsage(); // waits for the request's epochs as long as it may, then writes them
    expect(await landedBatch(sent.journal)).toBe(1);
    if (r.ok) r.charge.count?.();
    await flushUsage();
    g.redisBreaker.downUntil = 0;
    await sweepNow({ ageMs: 0, wait: true });
    expect(await chargedUnits(admin, id)).toBe(usedBefore + 1);
  }, 30_000);

  it("admitted at once but answered after the flush stopped waiting for it, is charged once too", async () => {
    const { id, hash, now, usedBefore } = await keyWithUnits(admin);
    await flushUsage();
    let journal = "";
    setQuotaTransport(async (script, keys, args) => {
      if (keys.length === 5) journal = keys[4] as string;
      return script.exec(keys, args);
    });
    const r = await consume(hash, now, { lookup: true, countWhenAnswered: true });
    expect(r.ok && r.charge.backend).toBe("redis");
    await flushUsage();
    expect(await landedBatch(journal)).toBe(1);
    if (r.ok) r.charge.count?.();
    await flushUsage();
    await sweepNow({ ageMs: 0, wait: true });
    expect(await chargedUnits(admin, id)).toBe(usedBefore + 1);
  }, 30_000);
});
