import { describe, expect, it } from "vitest";
import { bounded, parseClusterNodes } from "./cluster";

describe("REDIS_CLUSTER_NODES", () => {
  it("lists start nodes as host and port", () => {
    expect(parseClusterNodes("127.0.0.1:7000, redis-b.internal:7001,")).toEqual([
      { host: "127.0.0.1", port: 7000 },
      { host: "redis-b.internal", port: 7001 },
    ]);
  });
});

describe("bounded", () => {
  it("fails a command that waits past its bound (a cluster queueing through a failover)", async () => {
    await expect(bounded(new Promise(() => {}), 20)).rejects.toThrow(/timed out after 20 ms/);
    await expect(bounded(Promise.resolve(1), 20)).resolves.toBe(1);
  });
});
