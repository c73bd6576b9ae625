// The Redis path decides each request once, by its id: an admitted id answers every later send,
// and settling, with the epoch of the journal its admission was written to, so that a request
// learning of its admission late is counted in that journal's batch. Refunds go by id too.
import { afterAll, describe, expect, it } from "vitest";
import { ADMIT_LUA, REFUND_LUA } from "@/lib/quota/scripts";
import { closeRedis, luaScript, redis } from "@/lib/redis/client";

afterAll(() => closeRedis());

const client = () => redis()!;
let n = 0;

/** One key's Redis state with 10 units leased, and its admit and refund calls. */
async function key() {
  const tag = `${process.env.REDIS_PREFIX}{ids-${process.pid}-${++n}}`;
  const k = {
    record: `${tag}:rec`,
    day: `${tag}:q:2026-11-30`,
    ids: `${tag}:x:1`,
    known: `${tag}:known`,
    journal: (epoch: number) => `${tag}:j:abc:${epoch}`,
  };
  await client().set(k.record, "active:50:500:key-1:1", { ex: 600 });
  await client().hset(k.day, { a: 10 });
  await client().expire(k.day, 600);
  const admit = luaScript(client(), ADMIT_LUA);
  const refund = luaScript(client(), REFUND_LUA);
  const send = (id: string, epoch: number, settle = false) =>
    admit.exec(
      [k.record, k.day, k.ids, k.known, k.journal(epoch)],
      [id, String(Date.now() + 60_000), "2026-11-30", "600", "600", "3000", settle ? "1" : ""],
    ) as Promise<(string | number)[]>;
  const giveBack = async (id: string, epoch: number) =>
    Number(await refund.exec([k.day, k.ids, k.journal(epoch)], [id, "key-1|2026-11-30", "600"]));
  const used = async () => Number(await client().hget(k.day, "u"));
  const journaled = async (epoch: number) =>
    Number((await client().hget(k.journal(epoch), "key-1|2026-11-30")) ?? 0);
  const cleanup = () =>
    client().del(k.record, k.day, k.ids, k.known, k.journal(111), k.journal(222), k.journal(333));
  return { k, send, giveBack, used, journaled, cleanup };
}

describe("Redis-path admissions by request id", () => {
  it("answers every later send and settling with the epoch whose journal holds the admission", async () => {
    const s = await key();
    const first = await s.send("r-1", 111);
    expect([first[0], first.at(-1)]).toEqual(["ok", "111"]);
    const again = await s.send("r-1", 222);
    expect([again[0], again.at(-1)]).toEqual(["ok", "111"]);
    const settled = await s.send("r-1", 333, true);
    expect([settled[0], settled.at(-1)]).toEqual(["ok", "111"]);
    expect(await s.used()).toBe(1);
    expect([await s.journaled(111), await s.journaled(222), await s.journaled(333)]).toEqual([1, 0, 0]);
    await s.cleanup();
  });

  it("gives a unit back once by id, and admits the id no more after", async () => {
    const s = await key();
    await s.send("r-2", 111);
    expect(await s.giveBack("r-2", 222)).toBe(1);
    expect(await s.giveBack("r-2", 222)).toBe(0);
    expect(await s.used()).toBe(0);
    expect(await s.journaled(222)).toBe(-1);
    expect((await s.send("r-2", 333))[0]).toBe("late");
    expect((await s.send("r-2", 333, true))[0]).toBe("late");
    await s.cleanup();
  });

  it("still knows an id an earlier script admitted, stored without its epoch", async () => {
    const s = await key();
    await s.send("r-3", 111);
    await client().hset(s.k.ids, { "r-3": "1" });
    const again = await s.send("r-3", 222);
    expect([again[0], again.at(-1)]).toEqual(["ok", ""]);
    expect(await s.used()).toBe(1);
    expect(await s.giveBack("r-3", 222)).toBe(1);
    expect(await s.used()).toBe(0);
    await s.cleanup();
  });

  it("marks an id never admitted given up when settled, so no copy of it is admitted after", async () => {
    const s = await key();
    expect((await s.send("r-4", 111, true))[0]).toBe("late");
    expect((await s.send("r-4", 111))[0]).toBe("late");
    expect(await s.used()).toBe(0);
    await s.cleanup();
  });
});
