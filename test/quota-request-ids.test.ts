// The Postgres path decides each request once, by its id: a reply that was lost can be asked
// for again or cancelled, and a cancel that reaches Postgres before the admission itself (a
// frozen Postgres running queued statements in another order) means it is never admitted.
import { describe, expect, it } from "vitest";
import { admitInPostgres, leaseFromPostgres, releaseInPostgres } from "@/lib/quota/pg-engine";
import { dayOf } from "@/lib/quota/windows";
import { chargedUnits, createTestKey } from "./support/api-keys";
import { catalogAndClient } from "./support/fixtures";

const admin = catalogAndClient();
const FREE = { daily: 50, monthly: 500 };

const ledger = (keyId: string) => chargedUnits(admin, keyId);

describe("Postgres-path admissions by request id", () => {
  it("asked twice, one admission and one charge", async () => {
    const { id } = await createTestKey({ tier: "free" });
    const now = new Date();
    const first = await admitInPostgres(id, now, FREE, "r-twice");
    const again = await admitInPostgres(id, now, FREE, "r-twice");
    expect([first.granted, again.granted]).toEqual([1, 1]);
    expect(await ledger(id)).toBe(1);
  });

  it("a lost reply cancelled afterwards gives its unit and its charge back", async () => {
    const { id } = await createTestKey({ tier: "free" });
    const now = new Date();
    await admitInPostgres(id, now, FREE, "r-lost");
    expect(await releaseInPostgres("r-lost", id, dayOf(now))).toBe(true);
    expect(await releaseInPostgres("r-lost", id, dayOf(now))).toBe(false); // once
    expect(await ledger(id)).toBe(0);
    // The unit is free again: 50 more fit in the day.
    let admitted = 0;
    for (let i = 0; i < 51; i++) admitted += (await admitInPostgres(id, now, FREE, `r-${i}`)).granted;
    expect(admitted).toBe(50);
  });

  it("a cancel that arrives first means the admission never happens", async () => {
    const { id } = await createTestKey({ tier: "free" });
    const now = new Date();
    expect(await releaseInPostgres("r-late", id, dayOf(now))).toBe(false);
    const late = await admitInPostgres(id, now, FREE, "r-late");
    expect(late.granted).toBe(0);
    expect(await ledger(id)).toBe(0);
  });

  it("leases and Postgres admissions together never pass the day", async () => {
    const { id } = await createTestKey({ tier: "free" });
    const now = new Date();
    let units = 0;
    for (let i = 0; i < 30; i++) {
      units += (await leaseFromPostgres(id, now, FREE, 3)).granted;
      units += (await admitInPostgres(id, now, FREE, `mix-${i}`)).granted;
    }
    expect(units).toBe(50);
    const refused = await admitInPostgres(id, now, FREE, "mix-last");
    expect(refused).toMatchObject({ granted: 0, window: "daily" });
    // Leased units key_usage does not show used: a refusal while they are out is not final.
    expect(refused.unsettled).toBeGreaterThan(0);
  });
});
