// The INSERT path's batching, against a client that records statements (pure logic: what is
// sent, not what a server does with it; test/embedded.test.ts loads real data both ways).
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { openSink } from "./sink";

function recorder() {
  const statements: { sql: string; params: unknown[] }[] = [];
  const client = {
    query: async (sql: string, params: unknown[]) => void statements.push({ sql, params }),
  } as unknown as pg.PoolClient;
  return { client, statements };
}

describe("the INSERT sink", () => {
  it("bounds each statement by rows and by bytes", async () => {
    const { client, statements } = recorder();
    const sink = openSink(client, "insert", "t", ["a", "b"]);
    for (let i = 0; i < 2_500; i++) await sink.write([i, "x"]);
    await sink.end();
    expect(statements.map((s) => s.params.length / 2)).toEqual([1_000, 1_000, 500]);

    const big = recorder();
    const long = openSink(big.client, "insert", "t", ["a", "b"]);
    for (let i = 0; i < 10; i++) await long.write([i, "d".repeat(300_000)]);
    await long.end();
    expect(big.statements.map((s) => s.params.length / 2)).toEqual([4, 4, 2]);
  });

  it("sends Dates as ISO text, as COPY does, and NULL for missing values", async () => {
    const { client, statements } = recorder();
    const sink = openSink(client, "insert", "t", ["a", "b", "c"]);
    await sink.write([new Date("1890-01-01T00:00:00Z"), null, 5]);
    await sink.end();
    expect(statements[0]).toEqual({
      sql: "INSERT INTO t (a, b, c) VALUES ($1, $2, $3)",
      params: ["1890-01-01T00:00:00.000Z", null, 5],
    });
  });
});
