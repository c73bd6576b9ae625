// Reads that change a planner setting change it for their own statement only: the pool's
// connections go back to every other request with the session's settings.
import { describe, expect, it } from "vitest";
import { hotQuery, queryByBitmaps, queryWithin } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";

const setting = Prisma.sql`SELECT current_setting('enable_indexscan') AS scan, current_setting('statement_timeout') AS timeout`;

describe("statement-scoped settings", () => {
  it("a read by bitmaps runs with plain index scans off, and leaves them on for the next", async () => {
    const withPid = Prisma.sql`SELECT current_setting('enable_indexscan') AS scan, pg_backend_pid() AS pid`;
    const [during] = await queryByBitmaps<{ scan: string; pid: number }>(withPid);
    expect(during?.scan).toBe("off");
    // The pool hands out the connection released last: the same one, back to the session's settings.
    const [next] = await hotQuery<{ scan: string; pid: number }>(withPid);
    expect(next).toEqual({ scan: "on", pid: during?.pid });
  });

  it("a read within a deadline has its timeout for that statement alone", async () => {
    expect(await queryWithin(250, setting)).toEqual([{ scan: "on", timeout: "250ms" }]);
    expect(await hotQuery(setting)).toEqual([{ scan: "on", timeout: "5s" }]);
  });
});
