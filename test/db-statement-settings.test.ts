// Reads that change a planner setting change it for their own statement only: the pool's
// connections go back to every other request with the session's settings.
import { describe, expect, it } from "vitest";
import { hotQuery, queryByBitmaps, queryWithin } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";

const setting = Prisma.sql`SELECT current_setting('enable_indexscan') AS scan, current_setting('statement_timeout') AS timeout`;

describe("statement-scoped settings", () => {
  it("a read by bitmaps runs with plain index scans off, and leaves them on for the next", async () => {
    expect(await queryByBitmaps(setting)).toEqual([{ scan: "off", timeout: "5s" }]);
    // Every connection of the pool, not just a fresh one, is back to the session's settings.
    const after = await Promise.all(Array.from({ length: 6 }, () => hotQuery<{ scan: string }>(setting)));
    expect(after.every((r) => r[0]?.scan === "on")).toBe(true);
  });

  it("a read within a deadline has its timeout for that statement alone", async () => {
    expect(await queryWithin(250, setting)).toEqual([{ scan: "on", timeout: "250ms" }]);
    expect(await hotQuery(setting)).toEqual([{ scan: "on", timeout: "5s" }]);
  });
});
